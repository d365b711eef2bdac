//! The login form: where to connect and as whom. Prefilled from flags, environment or the
//! demo portal so a first run with no configuration works.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use crate::api::{AuthMethod, ClientSettings, Language, Role};
use crate::settings::Partial;

/// The form's fields in focus order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    BaseUrl,
    Host,
    Email,
    Password,
    Auth,
    Role,
    Language,
}

impl Field {
    pub const ALL: [Field; 7] =
        [Field::BaseUrl, Field::Host, Field::Email, Field::Password, Field::Auth, Field::Role, Field::Language];

    pub fn label(self) -> &'static str {
        match self {
            Field::BaseUrl => "Portal URL",
            Field::Host => "Portal host",
            Field::Email => "E-mail",
            Field::Password => "Password",
            Field::Auth => "Sign-in",
            Field::Role => "Portal",
            Field::Language => "Language",
        }
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

#[derive(Clone, Debug)]
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
    template: Partial,
    demo: Option<DemoLogins>,
}

pub enum FormEvent {
    None,
    Submit,
    Quit,
}

impl LoginForm {
    pub fn new(template: Partial, demo: Option<DemoLogins>) -> LoginForm {
        let text = |v: &Option<String>| Input::new(v.clone().unwrap_or_default());
        let mut form = LoginForm {
            base_url: text(&template.base_url),
            host: text(&template.host),
            email: text(&template.username),
            password: text(&template.password),
            auth: template.auth,
            role: template.role,
            language: template.language,
            focus: Field::BaseUrl,
            error: None,
            template,
            demo,
        };
        form.focus = Field::ALL
            .into_iter()
            .find(|f| f.is_text() && form.input(*f).is_some_and(|i| i.value().is_empty()))
            .unwrap_or(Field::Email);
        form
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
    pub fn choice(&self, field: Field) -> &'static str {
        match field {
            Field::Auth => match self.auth {
                AuthMethod::Jwt => "JWT (token)",
                AuthMethod::Basic => "Basic",
            },
            Field::Role => match self.role {
                Role::Client => "Client portal",
                Role::Reseller => "Reseller portal",
            },
            Field::Language => match self.language {
                Language::English => "English",
                Language::Vietnamese => "Tiếng Việt",
            },
            _ => "",
        }
    }

    fn move_focus(&mut self, step: isize) {
        let i = Field::ALL.iter().position(|f| *f == self.focus).unwrap_or(0) as isize;
        let n = Field::ALL.len() as isize;
        self.focus = Field::ALL[((i + step).rem_euclid(n)) as usize];
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

    pub fn on_key(&mut self, key: KeyEvent) -> FormEvent {
        match key.code {
            KeyCode::Enter => return FormEvent::Submit,
            KeyCode::Esc => return FormEvent::Quit,
            KeyCode::Tab | KeyCode::Down => self.move_focus(1),
            KeyCode::BackTab | KeyCode::Up => self.move_focus(-1),
            KeyCode::Left | KeyCode::Right | KeyCode::Char(' ') if !self.focus.is_text() => self.toggle(),
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
    pub fn settings(&mut self) -> Result<ClientSettings, String> {
        let checks = [
            (Field::BaseUrl, "Enter the portal URL, e.g. https://api.example.vn"),
            (Field::Host, "Enter the portal host, e.g. my.example.vn"),
            (Field::Email, "Enter the account e-mail address"),
            (Field::Password, "Enter the password"),
        ];
        for (field, message) in checks {
            if self.input(field).is_some_and(|i| i.value().trim().is_empty()) {
                self.focus = field;
                return Err(message.to_owned());
            }
        }
        let partial = Partial {
            base_url: Some(self.base_url.value().to_owned()),
            host: Some(self.host.value().to_owned()),
            language: self.language,
            auth: self.auth,
            role: self.role,
            username: Some(self.email.value().to_owned()),
            password: Some(self.password.value().to_owned()),
            ..self.template.clone()
        };
        partial.into_settings().map_err(|e| {
            self.focus = Field::BaseUrl;
            e.to_string()
        })
    }

    /// Said before signing in over plain http:// to another machine: with JWT the password
    /// and tokens cross the network unencrypted (Basic auth is refused there outright).
    pub fn insecure_warning(&self) -> Option<String> {
        let url = crate::api::BaseUrl::parse(self.base_url.value()).ok()?;
        url.is_plain_remote().then(|| match self.auth {
            AuthMethod::Jwt => format!("http:// to {}: password and tokens travel unencrypted", url.host()),
            AuthMethod::Basic => format!("Basic auth over http:// to {} is refused; use https://", url.host()),
        })
    }

    /// After a refused login: the e-mail stays, the password is typed again.
    pub fn password_refused(&mut self, message: String) {
        self.password = Input::default();
        self.focus = Field::Password;
        self.error = Some(message);
    }

    /// Whether everything needed to log in is already known (skip waiting for input).
    pub fn is_complete(&self) -> bool {
        [Field::BaseUrl, Field::Host, Field::Email, Field::Password]
            .iter()
            .all(|f| self.input(*f).is_some_and(|i| !i.value().trim().is_empty()))
    }
}
