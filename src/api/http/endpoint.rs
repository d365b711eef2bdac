//! Where a portal lives and how to build URLs under it.

use std::fmt;

use url::Url;

/// A portal base URL, normalised so that paths are appended under any prefix it carries
/// (`https://host/api` and `https://host/api/` both give `https://host/api/details`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseUrl(Url);

impl BaseUrl {
    pub fn parse(text: &str) -> Result<BaseUrl, String> {
        let mut url = Url::parse(text.trim()).map_err(|e| match e {
            url::ParseError::RelativeUrlWithoutBase => {
                format!("{text:?} is not a full URL: write it with https://, e.g. https://{}/api", text.trim())
            }
            other => format!("invalid portal URL {text:?}: {other}"),
        })?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(format!("invalid portal URL {text:?}: only http and https are supported"));
        }
        if url.host_str().is_none_or(str::is_empty) {
            return Err(format!("invalid portal URL {text:?}: no host"));
        }
        url.set_query(None);
        url.set_fragment(None);
        if !url.path().ends_with('/') {
            let path = format!("{}/", url.path());
            url.set_path(&path);
        }
        Ok(BaseUrl(url))
    }

    pub fn url(&self) -> &Url {
        &self.0
    }

    pub fn host(&self) -> &str {
        self.0.host_str().unwrap_or_default()
    }

    /// Plain `http://` to anything but this machine: credentials would cross a network
    /// unencrypted.
    pub fn is_plain_remote(&self) -> bool {
        if self.0.scheme() != "http" {
            return false;
        }
        match self.0.host() {
            Some(url::Host::Ipv4(ip)) => !ip.is_loopback(),
            Some(url::Host::Ipv6(ip)) => !ip.is_loopback(),
            Some(url::Host::Domain(name)) => {
                let name = name.trim_end_matches('.').to_ascii_lowercase();
                name != "localhost" && !name.ends_with(".localhost")
            }
            None => true,
        }
    }

    /// Appends path segments, each percent-encoded as exactly one segment, so `/`, `?`, `#`
    /// or spaces in a caller-supplied one cannot change the path. An empty, `.` or `..`
    /// segment is refused: URL normalisation would drop it or turn it into a path step.
    pub fn join(&self, segments: &[&str]) -> Result<Url, String> {
        if let Some(bad) = segments.iter().find(|s| s.is_empty() || **s == "." || **s == "..") {
            return Err(format!("{bad:?} is not a valid name"));
        }
        let mut url = self.0.clone();
        {
            let mut path = url.path_segments_mut().expect("http URLs have a path");
            path.pop_if_empty();
            path.extend(segments);
        }
        Ok(url)
    }
}

impl fmt::Display for BaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.as_str().trim_end_matches('/'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_is_kept_with_or_without_slash() {
        for base in ["https://h.vn/api", "https://h.vn/api/"] {
            let b = BaseUrl::parse(base).unwrap();
            assert_eq!(b.join(&["details"]).unwrap().as_str(), "https://h.vn/api/details");
        }
        let root = BaseUrl::parse("https://h.vn").unwrap();
        assert_eq!(root.join(&["service", "7"]).unwrap().as_str(), "https://h.vn/service/7");
    }

    #[test]
    fn each_segment_stays_one_segment() {
        let b = BaseUrl::parse("http://127.0.0.1:1/api").unwrap();
        let url = b.join(&["domain", "name", "../a/b?c#d e"]).unwrap();
        assert_eq!(url.as_str(), "http://127.0.0.1:1/api/domain/name/..%2Fa%2Fb%3Fc%23d%20e");
        assert_eq!(url.path_segments().unwrap().count(), 4, "{url}");
        assert!(b.join(&["domain", "name", ".."]).is_err());
        assert!(b.join(&["domain", "name", ""]).is_err());
    }

    #[test]
    fn rejects_other_schemes() {
        assert!(BaseUrl::parse("ftp://h.vn").is_err());
        assert!(BaseUrl::parse("not a url").is_err());
    }
}
