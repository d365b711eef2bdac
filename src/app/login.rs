//! The login form: where to connect and as whom. Prefilled from flags, environment or the
//! demo portal so a first run with no configuration works.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use secrecy::{ExposeSecret, SecretString};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use crate::api::{AuthMethod, ClientSettings, Language, Role};
use crate::config::save_profile::SavedProfile;
use crate::config::settings::Partial;
use crate::i18n::Text;

/// The form's fields in focus order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// Shown when the configuration has more than one profile: ←/→ switches to another.
    Profile,
    BaseUrl,
    Host,
    Email,
    Password,
    Auth,
    Role,
    Language,
}

impl Field {
    pub const ALL: [Field; 8] = [
        Field::Profile,
        Field::BaseUrl,
        Field::Host,
        Field::Email,
        Field::Password,
        Field::Auth,
        Field::Role,
        Field::Language,
    ];

    pub fn label(self, language: Language) -> &'static str {
        let text = match self {
            Field::Profile => Text::FieldProfile,
            Field::BaseUrl => Text::FieldBaseUrl,
            Field::Host => Text::FieldHost,
            Field::Email => Text::FieldEmail,
            Field::Password => Text::FieldPassword,
            Field::Auth => Text::FieldAuth,
            Field::Role => Text::FieldRole,
            Field::Language => Text::FieldLanguage,
        };
        text.get(language)
    }

    pub fn is_text(self) -> bool {
        matches!(self, Field::BaseUrl | Field::Host | Field::Email | Field::Password)
    }
}

/// Demo portal hosts and logins, so toggling the role in `--demo` switches portals.
#[derive(Clone, Debug, Default)]
pub struct DemoLogins {
    pub client: Option<(String, String, String)>,
    pub reseller: Option<(String, String, String)>,
}

/// `Debug` is written out below: it never shows the password.
#[derive(Clone)]
pub struct LoginForm {
    pub base_url: Input,
    pub host: Input,
    pub email: Input,
    pub password: Input,
    pub auth: AuthMethod,
    pub role: Role,
    pub language: Language,
    pub focus: Field,
    pub error: Option<String>,
    /// Said under the form while nothing else is: how to start on a first run.
    pub hint: Option<String>,
    template: Partial,
    demo: Option<DemoLogins>,
    /// Whether there are other profiles to switch to (the Profile field is shown).
    switchable: bool,
}

impl std::fmt::Debug for LoginForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let password = if self.password.value().is_empty() { "" } else { "[REDACTED]" };
        f.debug_struct("LoginForm")
            .field("base_url", &self.base_url.value())
            .field("host", &self.host.value())
            .field("email", &self.email.value())
            .field("password", &password)
            .field("auth", &self.auth)
            .field("role", &self.role)
            .field("language", &self.language)
            .field("focus", &self.focus)
            .field("error", &self.error)
            .field("template", &self.template)
            .finish_non_exhaustive()
    }
}

pub enum FormEvent {
    None,
    Submit,
    Quit,
    /// ←/→ on the Profile field: the next or previous profile.
    SwitchProfile(isize),
    /// Ctrl-S: save what the form holds as a profile.
    SaveProfile,
}

impl LoginForm {
    pub fn new(template: Partial, demo: Option<DemoLogins>) -> LoginForm {
        let text = |v: &Option<String>| Input::new(v.clone().unwrap_or_default());
        let mut form = LoginForm {
            base_url: text(&template.base_url),
            host: text(&template.host),
            email: text(&template.username),
            password: Input::new(template.password.as_ref().map(|p| p.expose_secret().to_owned()).unwrap_or_default()),
            auth: template.auth,
            role: template.role,
            language: template.language,
            focus: Field::BaseUrl,
            error: None,
            hint: None,
            template,
            demo,
            switchable: false,
        };
        form.focus = Field::ALL
            .into_iter()
            .find(|f| f.is_text() && form.input(*f).is_some_and(|i| i.value().is_empty()))
            .unwrap_or(Field::Email);
        form
    }

    /// The profile this form signs in to, if it came from one.
    pub fn profile_name(&self) -> Option<&str> {
        self.template.profile.as_deref()
    }

    /// Tells the form how many profiles there are: with more than one, the Profile field
    /// appears.
    pub fn set_profiles(&mut self, count: usize) {
        self.switchable = count > 1;
    }

    /// The fields shown, in focus order.
    pub fn fields(&self) -> impl Iterator<Item = Field> + '_ {
        Field::ALL.into_iter().filter(|f| *f != Field::Profile || self.switchable)
    }

    /// The password command to run when the password is not known yet.
    pub fn password_command(&self) -> Option<String> {
        self.template.password_command.clone().filter(|_| self.password.value().is_empty())
    }

    /// Settings to take up a remembered session with (no password needed), when the
    /// profile remembers sessions; the worker finds out whether one is stored.
    pub fn remembered_settings(&self) -> Option<ClientSettings> {
        self.partial().remembered_settings()
    }

    pub fn input(&self, field: Field) -> Option<&Input> {
        match field {
            Field::BaseUrl => Some(&self.base_url),
            Field::Host => Some(&self.host),
            Field::Email => Some(&self.email),
            Field::Password => Some(&self.password),
            _ => None,
        }
    }

    fn input_mut(&mut self, field: Field) -> Option<&mut Input> {
        match field {
            Field::BaseUrl => Some(&mut self.base_url),
            Field::Host => Some(&mut self.host),
            Field::Email => Some(&mut self.email),
            Field::Password => Some(&mut self.password),
            _ => None,
        }
    }

    /// What a toggle field shows.
    pub fn choice(&self, field: Field, language: Language) -> &str {
        let text = match field {
            Field::Profile => return self.profile_name().unwrap_or_default(),
            Field::Auth => match self.auth {
                AuthMethod::Jwt => Text::AuthJwt,
                AuthMethod::Basic => Text::AuthBasic,
            },
            Field::Role => match self.role {
                Role::Client => Text::PortalClient,
                Role::Reseller => Text::PortalReseller,
            },
            Field::Language => {
                return match self.language {
                    Language::English => "English",
                    Language::Vietnamese => "Tiếng Việt",
                };
            }
            _ => return "",
        };
        text.get(language)
    }

    fn move_focus(&mut self, step: isize) {
        let fields: Vec<Field> = self.fields().collect();
        let i = fields.iter().position(|f| *f == self.focus).unwrap_or(0) as isize;
        let n = fields.len() as isize;
        self.focus = fields[((i + step).rem_euclid(n)) as usize];
    }

    fn toggle(&mut self) {
        match self.focus {
            Field::Auth => {
                self.auth = match self.auth {
                    AuthMethod::Jwt => AuthMethod::Basic,
                    AuthMethod::Basic => AuthMethod::Jwt,
                }
            }
            Field::Role => {
                self.role = self.role.toggled();
                self.fill_demo_login();
            }
            Field::Language => self.language = self.language.toggled(),
            _ => {}
        }
    }

    /// In demo mode the role picks the demo portal host and its login.
    fn fill_demo_login(&mut self) {
        let Some(demo) = &self.demo else { return };
        let login = match self.role {
            Role::Client => demo.client.clone(),
            Role::Reseller => demo.reseller.clone(),
        };
        if let Some((host, user, password)) = login {
            self.host = Input::new(host);
            self.email = Input::new(user);
            self.password = Input::new(password);
        }
    }

    /// Pasted text, already one line, into the focused text field; false on a choice.
    pub fn paste(&mut self, text: &str) -> bool {
        let focus = self.focus;
        let Some(input) = self.input_mut(focus) else { return false };
        super::typing::insert(input, text);
        true
    }

    pub fn on_key(&mut self, key: KeyEvent) -> FormEvent {
        match key.code {
            KeyCode::Tab | KeyCode::Down => self.move_focus(1),
            KeyCode::BackTab | KeyCode::Up => self.move_focus(-1),
            KeyCode::Left if self.focus == Field::Profile => return FormEvent::SwitchProfile(-1),
            KeyCode::Right | KeyCode::Char(' ') if self.focus == Field::Profile => return FormEvent::SwitchProfile(1),
            KeyCode::Left | KeyCode::Right | KeyCode::Char(' ') if !self.focus.is_text() => self.toggle(),
            KeyCode::Char('s') if key.modifiers.contains(KeyModifiers::CONTROL) => return FormEvent::SaveProfile,
            _ if key.modifiers.contains(KeyModifiers::CONTROL) && key.code != KeyCode::Char('u') => {}
            _ => {
                let focus = self.focus;
                if let Some(input) = self.input_mut(focus) {
                    input.handle_event(&Event::Key(key));
                    self.error = None;
                }
            }
        }
        FormEvent::None
    }

    /// Settings for a login, or the first thing to fix (and focus on it).
    pub fn settings(&mut self, language: Language) -> Result<ClientSettings, String> {
        // No host is asked for: X-Forwarded-Host is sent only where one is typed.
        let checks = [
            (Field::BaseUrl, Text::NeedBaseUrl),
            (Field::Email, Text::NeedEmail),
            (Field::Password, Text::NeedPassword),
        ];
        for (field, message) in checks {
            if self.input(field).is_some_and(|i| i.value().trim().is_empty()) {
                self.focus = field;
                return Err(message.get(language).to_owned());
            }
        }
        self.partial().into_settings().map_err(|e| {
            self.focus = Field::BaseUrl;
            e.to_string()
        })
    }

    /// What the form holds, over the profile it started from.
    fn partial(&self) -> Partial {
        let text = |input: &Input| Some(input.value().to_owned()).filter(|v| !v.trim().is_empty());
        Partial {
            base_url: text(&self.base_url),
            host: text(&self.host),
            language: self.language,
            auth: self.auth,
            role: self.role,
            username: text(&self.email),
            password: text(&self.password).map(SecretString::from),
            ..self.template.clone()
        }
    }

    /// What the form holds, to save as a profile: `Err` names the first field still empty
    /// (and focuses it). The password is not in it, ever.
    pub fn to_save(&mut self, language: Language) -> Result<SavedProfile, String> {
        let checks = [(Field::BaseUrl, Text::NeedBaseUrl), (Field::Email, Text::NeedEmail)];
        for (field, message) in checks {
            if self.input(field).is_some_and(|i| i.value().trim().is_empty()) {
                self.focus = field;
                return Err(message.get(language).to_owned());
            }
        }
        Ok(SavedProfile {
            base_url: self.base_url.value().trim().to_owned(),
            host: self.host.value().trim().to_owned(),
            role: self.role,
            language: self.language,
            auth: self.auth,
            username: self.email.value().trim().to_owned(),
            password_command: self.template.password_command.clone(),
        })
    }

    /// The name offered for saving the form as a profile: its own, else the portal's
    /// first word (`my` for `my.example.vn`).
    pub fn name_to_save(&self) -> String {
        let portal = self.portal_shown();
        let word = portal.split('.').next().unwrap_or(&portal).to_owned();
        self.profile_name().map_or(word, str::to_owned)
    }

    /// The portal as the form names it: the host typed (sent as X-Forwarded-Host), else
    /// the base URL's host.
    pub fn portal_shown(&self) -> String {
        match self.host.value().trim() {
            "" => crate::api::BaseUrl::parse(self.base_url.value()).map(|u| u.host().to_owned()).unwrap_or_default(),
            host => host.to_owned(),
        }
    }

    /// Said before signing in over plain http:// to another machine: with JWT the password
    /// and tokens cross the network unencrypted (Basic auth is refused there outright).
    pub fn insecure_warning(&self, language: Language) -> Option<String> {
        let url = crate::api::BaseUrl::parse(self.base_url.value()).ok()?;
        crate::config::settings::insecure(&url, self.auth, language)
    }

    /// The base URL a sign-in failed at, when its answer was no refusal of the e-mail and
    /// password (`api::sign_in_asked_at`): the cursor goes to the base URL, where the
    /// mistake is likely, and the password stays.
    pub fn asked_at(&mut self, error: &crate::api::ApiError) -> Option<crate::api::BaseUrl> {
        let base = crate::api::BaseUrl::parse(self.base_url.value()).ok()?;
        crate::api::sign_in_asked_at(error, &base)?;
        self.focus = Field::BaseUrl;
        Some(base)
    }

    /// After a refused login: the e-mail stays, the password is typed again.
    pub fn password_refused(&mut self, message: String) {
        self.password = Input::default();
        self.focus = Field::Password;
        self.error = Some(message);
    }

    /// Whether everything needed to log in is already known (skip waiting for input).
    pub fn is_complete(&self) -> bool {
        [Field::BaseUrl, Field::Email, Field::Password]
            .iter()
            .all(|f| self.input(*f).is_some_and(|i| !i.value().trim().is_empty()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_shows_the_password() {
        let partial = Partial { password: Some(SecretString::from("hunter2-secret")), ..Partial::default() };
        let form = LoginForm::new(partial, None);
        let shown = format!("{form:?}");
        assert!(!shown.contains("hunter2") && shown.contains("[REDACTED]"), "{shown}");
    }
}
