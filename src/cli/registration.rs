//! The registration a `dns` command is about, or the words for a name that has none.

use crate::api::models::DomainRecord;
use crate::api::{ApiError, Language, Operation, PortalClient, registration};
use crate::i18n::Text;

/// The registration of `name` whose DNS is in use (`api::registration::in_use`) and its id.
pub async fn in_use(client: &PortalClient, name: &str, language: Language) -> Result<(DomainRecord, u64), ApiError> {
    let records = client.domain_records(name).await?;
    let Some(chosen) = registration::in_use(records) else {
        let detail = Text::RepNoActiveRegistration.fill(language, &[("name", &name)]);
        return Err(ApiError::InvalidInput { op: Operation::Dns, detail });
    };
    let id = registration::id(&chosen)?;
    Ok((chosen, id))
}
