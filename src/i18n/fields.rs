//! The portal's own field names (`FName`, `EmailAddress`, `currency_id`) as a person reads
//! them, and a phone number written the way people write one.

use std::borrow::Cow;

use crate::api::Language;
use crate::i18n::Text;

/// A field the portal names `key`, in words: the known ones in the reader's language, any
/// other one made readable (`billing_contact_id` → `Billing contact id`).
pub fn field_label(key: &str, language: Language) -> Cow<'static, str> {
    match known(key) {
        Some(text) => Cow::Borrowed(text.get(language)),
        None => Cow::Owned(prettified(key)),
    }
}

/// A field's value as a person reads it: a flag's `1`/`0` as on/off where the field is a
/// known flag, a date (`datecreated`) as the reader writes dates, anything else as sent.
pub fn field_value<'a>(key: &str, value: &'a str, language: Language) -> Cow<'a, str> {
    let key = key.to_ascii_lowercase();
    let flag = matches!(key.as_str(), "email_notifications" | "twofactor");
    match value.trim() {
        "1" if flag => Cow::Borrowed(super::on_off(true, language)),
        "0" if flag => Cow::Borrowed(super::on_off(false, language)),
        _ if key.contains("date") => Cow::Owned(super::format::date(value, language)),
        // The account's language, as the portal names it.
        v if key == "language" && v.eq_ignore_ascii_case("vietnamese") => {
            Cow::Borrowed(Text::LanguageVietnamese.get(language))
        }
        v if key == "language" && v.eq_ignore_ascii_case("english") => {
            Cow::Borrowed(Text::LanguageEnglish.get(language))
        }
        _ => Cow::Borrowed(value),
    }
}

/// The fields a portal sent beyond the known ones (an account's, a service's), each as a
/// label and a value in words ([`field_label`], [`field_value`]). A currency's id says
/// nothing to a person: where the answer also names the currency (`currency_code`), the id
/// is left out and the code says it.
pub fn extra_fields(extra: &[(String, String)], language: Language) -> Vec<(Cow<'static, str>, String)> {
    let named = extra.iter().any(|(k, v)| k.eq_ignore_ascii_case("currency_code") && !v.trim().is_empty());
    extra
        .iter()
        .filter(|(k, _)| !(named && k.eq_ignore_ascii_case("currency_id")))
        .map(|(k, v)| (field_label(k, language), field_value(k, v, language).into_owned()))
        .collect()
}

/// A certificate contact's fields (`FName`, `PreFix`, `Phone`, …) in words, as the
/// dashboard and the `certificate` report show them: the country code goes with the phone
/// number (`+84 903 123 456`); `None` where the portal left a field out.
pub fn contact_fields(
    fields: &[(&'static str, Option<&str>)],
    language: Language,
) -> Vec<(Cow<'static, str>, Option<String>)> {
    let prefix = fields.iter().find(|(name, _)| *name == "PreFix").and_then(|(_, v)| *v);
    fields
        .iter()
        .filter(|(name, _)| *name != "PreFix")
        .map(|(name, value)| {
            let value = match value {
                Some(v) if *name == "Phone" => Some(phone(prefix, v)),
                v => v.map(str::to_owned),
            };
            (field_label(name, language), value)
        })
        .collect()
}

fn known(key: &str) -> Option<Text> {
    let key = key.to_ascii_lowercase().replace(['_', '-', ' '], "");
    Some(match key.as_str() {
        "fname" | "firstname" => Text::FieldFirstName,
        "lname" | "lastname" => Text::FieldLastName,
        "orgname" | "companyname" | "organization" | "organisation" => Text::FieldOrganisation,
        "jobtitle" => Text::FieldJobTitle,
        "emailaddress" | "email" => Text::LabelEmail,
        "prefix" | "phoneprefix" | "countrycode" => Text::FieldCountryCode,
        "phone" | "phonenumber" => Text::LabelPhone,
        "address" | "address1" => Text::LabelAddress,
        "address2" => Text::FieldAddress2,
        "city" | "locality" => Text::FieldCity,
        "state" | "province" => Text::FieldState,
        "postalcode" | "postcode" | "zip" => Text::FieldPostalCode,
        "country" => Text::LabelCountry,
        "name" => Text::LabelName,
        "unit" => Text::FieldUnit,
        "currencyid" => Text::FieldCurrencyId,
        "currency" | "currencycode" => Text::FieldCurrency,
        "language" => Text::FieldLanguage,
        "datecreated" => Text::FieldCreated,
        "taxid" => Text::FieldTaxId,
        "notes" => Text::FieldNotes,
        "groupid" => Text::FieldGroupId,
        "groupname" => Text::FieldGroup,
        "emailnotifications" => Text::FieldEmailNotifications,
        "twofactor" => Text::FieldTwoFactor,
        "registrar" => Text::FieldRegistrar,
        "id" => Text::FieldId,
        _ => return None,
    })
}

/// `billing_contact_id`, `BillingContactId`, `billing-contact` → `Billing contact id`.
fn prettified(key: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut previous_lower = false;
    for c in key.trim().chars() {
        if matches!(c, '_' | '-' | ' ' | '.') {
            words.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower {
            words.push(std::mem::take(&mut word));
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        word.push(c);
    }
    words.extend((!word.is_empty()).then_some(word));
    let sentence = words.iter().map(|w| w.to_lowercase()).collect::<Vec<_>>().join(" ");
    let mut chars = sentence.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => key.to_owned(),
    }
}

/// A phone number as people write one: `+84 903 123 456`. `prefix` is the country code
/// the portal gives beside it (`84`), if any; a number already written `+84.903123456`
/// carries its own. The national number's leading 0 goes once a country code is there.
/// Anything that is not digits (an extension, words) is shown as sent.
pub fn phone(prefix: Option<&str>, number: &str) -> String {
    let sent = number.trim();
    let compact: String = sent.chars().filter(|c| !matches!(c, ' ' | '.' | '-' | '(' | ')')).collect();
    let (code, national) = match compact.strip_prefix('+') {
        // `+84.903123456`: the code is what comes before the first separator.
        Some(rest) => match sent.trim_start_matches('+').split_once(['.', ' ', '-']) {
            Some((code, _)) if code.chars().all(|c| c.is_ascii_digit()) => {
                (Some(code.to_owned()), rest[code.len()..].to_owned())
            }
            _ => (None, compact.clone()),
        },
        None => {
            let prefix = prefix.map(|p| p.trim().trim_start_matches('+')).filter(|p| !p.is_empty());
            let code = prefix.filter(|p| p.chars().all(|c| c.is_ascii_digit())).map(str::to_owned);
            let national = if code.is_some() { compact.strip_prefix('0').unwrap_or(&compact) } else { &compact };
            (code, national.to_owned())
        }
    };
    if national.is_empty() || !national.chars().all(|c| c.is_ascii_digit()) {
        return sent.to_owned();
    }
    let grouped = grouped_digits(&national);
    match code {
        Some(code) => format!("+{code} {grouped}"),
        None => grouped,
    }
}

/// Digits in threes from the left, the last group of four rather than one alone:
/// `903 123 456`, `903 123 4567`.
fn grouped_digits(digits: &str) -> String {
    let chars: Vec<char> = digits.chars().collect();
    let mut groups: Vec<String> = chars.chunks(3).map(|c| c.iter().collect()).collect();
    if groups.len() > 1 && groups.last().is_some_and(|g| g.len() == 1) {
        let last = groups.pop().unwrap_or_default();
        if let Some(before) = groups.last_mut() {
            before.push_str(&last);
        }
    }
    groups.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: Language = Language::English;
    const VI: Language = Language::Vietnamese;

    #[test]
    fn known_fields_in_words_and_others_made_readable() {
        assert_eq!(field_label("FName", EN), "First name");
        assert_eq!(field_label("EmailAddress", VI), "Thư điện tử");
        assert_eq!(field_label("PreFix", EN), "Country code");
        assert_eq!(field_label("currency_id", VI), "Tiền tệ (mã số)");
        assert_eq!(field_label("billing_contact_id", EN), "Billing contact id");
        assert_eq!(field_label("BillingContactId", EN), "Billing contact id");
        assert_eq!(field_label("X", EN), "X");
        assert_eq!(field_value("twofactor", "0", EN), "off");
        assert_eq!(field_value("taxid", "0312345678", EN), "0312345678");
        assert_eq!(field_value("datecreated", "2019-03-14", VI), "14/03/2019");
        assert_eq!(field_value("datecreated", "2019-03-14", EN), "2019-03-14");
        assert_eq!(field_value("language", "vietnamese", VI), "Tiếng Việt");
        assert_eq!(field_value("language", "vietnamese", EN), "Vietnamese");
        assert_eq!(field_value("language", "english", VI), "Tiếng Anh");
        assert_eq!(field_value("language", "klingon", EN), "klingon");
    }

    #[test]
    fn a_currency_id_gives_way_to_the_currency_it_names() {
        let pair = |k: &str, v: &str| (k.to_owned(), v.to_owned());
        let both = [pair("currency_id", "1"), pair("currency_code", "VND"), pair("twofactor", "0")];
        let rows = extra_fields(&both, VI);
        assert_eq!(rows, [("Tiền tệ".into(), "VND".to_owned()), ("Xác thực hai bước".into(), "tắt".to_owned())]);
        let alone = extra_fields(&[pair("currency_id", "1")], EN);
        assert_eq!(alone, [("Currency (id)".into(), "1".to_owned())], "without a code the id is all there is");
    }

    #[test]
    fn a_contacts_country_code_goes_with_its_phone() {
        let fields =
            [("FName", Some("Minh Anh")), ("PreFix", Some("84")), ("Phone", Some("903123456")), ("City", None)];
        let rows = contact_fields(&fields, EN);
        let expected: Vec<(Cow<'static, str>, Option<String>)> = vec![
            ("First name".into(), Some("Minh Anh".into())),
            ("Phone".into(), Some("+84 903 123 456".into())),
            ("City".into(), None),
        ];
        assert_eq!(rows, expected);
    }

    #[test]
    fn phone_numbers_as_people_write_them() {
        assert_eq!(phone(Some("84"), "903123456"), "+84 903 123 456");
        assert_eq!(phone(Some("84"), "0903123456"), "+84 903 123 456", "the national 0 goes");
        assert_eq!(phone(None, "+84.903123456"), "+84 903 123 456");
        assert_eq!(phone(None, "+84.2838123456"), "+84 283 812 3456");
        assert_eq!(phone(None, "0903123456"), "090 312 3456");
        assert_eq!(phone(Some("n/a"), "903123456"), "903 123 456", "a code that is not digits is left out");
        assert_eq!(phone(Some("84"), "ext. 12"), "ext. 12", "not a number: as sent");
        assert_eq!(phone(None, ""), "");
        assert_eq!(grouped_digits("1234"), "1234");
    }
}
