//! How the server sends mail: the operator's settings, which the rooms'
//! configuration carries (a leaf: it imports nothing of the server).

/// How the server sends mail (`trictrac serve --smtp URL --mail-from
/// ADDRESS --public-url URL`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MailSettings {
    /// The SMTP relay: `smtp://HOST:PORT` (no TLS: a relay on the same
    /// machine), `smtp://HOST:PORT?tls=required` (STARTTLS) or
    /// `smtps://USER:PASSWORD@HOST` (TLS); `None`: no mail at all.
    pub smtp: Option<String>,
    /// The sender's address (`From:`).
    pub from: String,
    /// The address of the server as players reach it, for the links of
    /// the mails (`https://trictrac.example.org`); empty: the address it
    /// listens on.
    pub public_url: String,
}
