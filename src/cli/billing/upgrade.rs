//! `upgrade ID --choose …`: the portal's estimate of an upgrade, or with `--send` the order,
//! sent as `protocol` sends every change: confirmed, once, logged, and followed by the
//! service's options read again.

use crate::api::models::{UpgradeOptions, UpgradeResource};
use crate::api::{ApiError, Change, Language, Operation, Quantity, Query, UpgradePart, UpgradeTotals};
use crate::cli::asking::ConfirmArgs;
use crate::cli::protocol::{Changed, Context, Reread, apply, estimated, usage};
use crate::cli::{exit_code, report};
use crate::i18n::Text;
use crate::i18n::preview::{self, UpgradeOrder};

/// `upgrade ID --choose …`: the portal's estimate, or with `--send` the request.
pub async fn upgrade(
    cx: &Context<'_>,
    id: u64,
    choose: &[String],
    send: bool,
    confirm: ConfirmArgs,
) -> Result<Changed, ApiError> {
    let options = cx.client.upgrade_options(id).await?;
    let op = if send { Operation::UpgradeRequest } else { Operation::UpgradeEstimate };
    let language = cx.language;
    let currency = cx.client.currency().await;
    let (resources, lines, totals) = choices(&options, choose, &currency, language).map_err(|e| usage(op, e))?;
    // The service's own recurring total, when the portal gives it, before and after.
    let service_total = cx.client.service(id).await.ok().map(|service| service.total);
    let heading = Text::CliService.fill(language, &[("id", &id)]);
    // The order is confirmed with the portal's estimate, what it will charge, as the
    // dashboard's is: asked first (a read, on the order's own route, so a portal that
    // gives none takes no order either). Without `--send` the estimate follows the
    // preview; a dry run asks none, the estimate being a POST.
    let estimate = if send && !confirm.dry_run { Some(cx.client.estimate(id, &resources).await?) } else { None };
    let u = UpgradeOrder { lines: &lines, totals, service_total, estimate: estimate.as_ref(), currency: &currency };
    let what = heading + &preview::upgrade(&u, language).text();
    if !send {
        if confirm.dry_run {
            let request = crate::api::Estimate::describe(id, &resources);
            let text = Text::CliWouldSend.fill(language, &[("request", &request)]) + "\n";
            return Ok(Changed { text, code: exit_code::SUCCESS });
        }
        // An estimate changes nothing: a read, not confirmed, not logged.
        let text = if cx.json {
            let answer = cx.client.estimate_as_sent(id, &resources).await?;
            serde_json::to_string_pretty(&answer).unwrap_or_default() + "\n"
        } else {
            let estimate = cx.client.estimate(id, &resources).await?;
            let hint = Text::CliEstimateSend.get(language);
            format!(
                "{}\n{}{hint}\n",
                Text::CliEstimateFor.fill(language, &[("what", &what)]),
                estimated(&estimate, &currency, language)
            )
        };
        return Ok(Changed { text, code: exit_code::SUCCESS });
    }
    let change = Change::Upgrade { service_id: id, resources };
    let reread = || async {
        if cx.json {
            let json = cx.client.as_sent(&Query::Upgrade(id)).await?;
            return Ok(Reread { text: String::new(), json, differs: None });
        }
        let options: UpgradeOptions = cx.client.upgrade_options(id).await?;
        let currency = cx.client.currency().await;
        Ok(Reread {
            text: report::upgrade_options(id, &options, &currency, language, false),
            json: serde_json::Value::Null,
            differs: None,
        })
    };
    let what = Text::CliUpgradeFor.fill(language, &[("what", &what)]);
    apply(cx, confirm, &change, None, &format!("service #{id}"), &what, reread).await
}

/// The resources to send (resource id → item id), a line per choice, and their sums.
type Chosen = (std::collections::BTreeMap<String, String>, Vec<String>, UpgradeTotals);

/// `RESOURCE=ITEM` pairs, by id or name, against the service's options; a line per choice
/// with its recurring difference (`CPU: 2 vCPU → 4 vCPU (+150,000.50 VND)`).
fn choices(options: &UpgradeOptions, choose: &[String], currency: &str, language: Language) -> Result<Chosen, String> {
    let mut resources = std::collections::BTreeMap::new();
    let mut lines = Vec::new();
    let mut parts = Vec::new();
    let is = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim());
    for pair in choose {
        let Some((resource, item)) = pair.split_once('=') else {
            return Err(Text::CliChooseForm.fill(language, &[("pair", &format!("{pair:?}"))]));
        };
        // An item of a choice, or how many of a quantity's one item.
        let settable = |r: &&UpgradeResource| r.is_choice() || r.is_quantity();
        let names = || options.resources.iter().filter(settable).map(|r| r.name.as_str()).collect::<Vec<_>>();
        let Some(r) = options.resources.iter().filter(settable).find(|r| is(&r.id, resource) || is(&r.name, resource))
        else {
            let resource = format!("{resource:?}");
            return Err(Text::CliNoResource.fill(language, &[("resource", &resource), ("names", &names().join(", "))]));
        };
        if resources.contains_key(&r.id) {
            return Err(Text::CliChosenTwice.fill(language, &[("resource", &r.name)]));
        }
        if r.is_quantity() {
            let n = crate::i18n::quantity::parse(item, r.quantities(), language)
                .map_err(|why| format!("{}: {why}", r.name))?;
            let Some(q) = Quantity::of(r, n) else { continue };
            lines.push(preview::quantity_line(r, q, (language, currency)));
            parts.push(UpgradePart::from(q));
            resources.insert(r.id.clone(), n.to_string());
            continue;
        }
        let Some(wanted) = r.items.iter().find(|i| is(&i.id, item) || is(&i.name, item)) else {
            let items: Vec<&str> = r.items.iter().map(|i| i.name.as_str()).collect();
            let fill: [(&str, &dyn std::fmt::Display); 3] =
                [("resource", &r.name), ("item", &format!("{item:?}")), ("items", &items.join(", "))];
            return Err(Text::CliNoItem.fill(language, &fill));
        };
        let current = r.current().map(|i| &r.items[i]);
        parts.push(UpgradePart::item(current, wanted));
        lines.push(preview::item_line(r, current, wanted, (language, currency)));
        resources.insert(r.id.clone(), wanted.id.clone());
    }
    // A sum too large to hold (a part's difference among them) is said once, for all.
    let totals = UpgradeTotals::of(parts);
    if totals.delta().is_none() || totals.setup.is_none() {
        return Err(Text::CliOverflow.get(language).to_owned());
    }
    Ok((resources, lines, totals))
}
