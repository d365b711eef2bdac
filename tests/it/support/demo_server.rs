#![allow(dead_code)]
//! A `demo-server` process for tests of the real binary (and the measurement harness).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A `demo-server` child process, killed on drop.
pub struct DemoServer {
    child: Child,
    pub url: String,
}

impl DemoServer {
    pub fn start(extra: &[&str]) -> DemoServer {
        DemoServer::start_binary(&super::binary::path(), extra)
    }

    /// `binary demo-server` on a free loopback port, with `extra` arguments.
    pub fn start_binary(binary: &Path, extra: &[&str]) -> DemoServer {
        let mut child = Command::new(binary)
            .args(["demo-server", "--listen", "127.0.0.1:0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("demo-server starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        let url =
            first.split_whitespace().find(|w| w.starts_with("http://")).expect("URL on the first line").to_owned();
        DemoServer { child, url }
    }
}

impl Drop for DemoServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
