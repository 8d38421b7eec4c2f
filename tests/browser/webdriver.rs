//! Just enough of the W3C WebDriver protocol, over plain HTTP, to drive chromedriver: a
//! session of headless Chromium, navigation, scripts, clicks, keys, screenshots and the
//! browser's console log. No async runtime and no crate beyond serde_json.

use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The element key of the W3C protocol.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// The first of `names` found on `PATH`.
pub fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|n| {
        std::env::split_paths(&path)
            .map(|d| d.join(n))
            .find(|p| p.is_file())
    })
}

/// A running chromedriver and one browser session; both end when this is dropped.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    profile: PathBuf,
}

impl Browser {
    /// Start chromedriver and a headless Chromium with a fresh profile. Chromium is started
    /// with everything that reaches for the network turned off (it stalls on a closed one).
    pub fn start(chromium: &Path, chromedriver: &Path, profile: &Path) -> Result<Browser, String> {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", chromedriver.display()))?;
        let mut b = Browser {
            driver,
            port,
            session: String::new(),
            profile: profile.to_path_buf(),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while b.call("GET", "/status", None).is_err() {
            if Instant::now() > deadline {
                return Err("chromedriver did not answer within 20 s".into());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = std::fs::remove_dir_all(profile);
        std::fs::create_dir_all(profile).map_err(|e| e.to_string())?;
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:loggingPrefs": {"browser": "ALL"},
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--window-size=1280,860",
                    format!("--user-data-dir={}", profile.display()),
                ],
            },
        }}});
        let v = b.call("POST", "/session", Some(caps))?;
        b.session = v["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no session: {v}"))?
            .to_string();
        Ok(b)
    }

    /// One command: the `value` of its answer, or the WebDriver error.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .map_err(|e| e.to_string())?;
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.port,
            body.len()
        );
        stream
            .write_all(request.as_bytes())
            .map_err(|e| e.to_string())?;
        let payload = read_answer(&mut stream)?;
        let v: Value = serde_json::from_str(&payload).map_err(|e| format!("{e}: {payload}"))?;
        if v["value"]["error"].is_string() {
            return Err(format!("{path}: {}", v["value"]));
        }
        Ok(v["value"].clone())
    }

    fn session_path(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    pub fn goto(&self, url: &str) -> Result<(), String> {
        self.call(
            "POST",
            &self.session_path("/url"),
            Some(json!({ "url": url })),
        )
        .map(drop)
    }

    /// Run a script in the page; its return value.
    pub fn script(&self, script: &str) -> Result<Value, String> {
        self.call(
            "POST",
            &self.session_path("/execute/sync"),
            Some(json!({"script": script, "args": []})),
        )
    }

    /// Run a script that calls its last argument (`arguments[0]`) when done; what it passed.
    pub fn script_async(&self, script: &str) -> Result<Value, String> {
        self.call(
            "POST",
            &self.session_path("/execute/async"),
            Some(json!({"script": script, "args": []})),
        )
    }

    /// Click the first element matching a CSS selector, as a user would.
    pub fn click(&self, css: &str) -> Result<(), String> {
        let el = self.call(
            "POST",
            &self.session_path("/element"),
            Some(json!({"using": "css selector", "value": css})),
        )?;
        let id = el[ELEMENT]
            .as_str()
            .ok_or(format!("no element {css}: {el}"))?;
        self.call(
            "POST",
            &self.session_path(&format!("/element/{id}/click")),
            Some(json!({})),
        )
        .map(drop)
    }

    /// Press and release a key (a WebDriver key code such as `\u{E014}`, the right arrow).
    pub fn key(&self, key: char) -> Result<(), String> {
        let k = key.to_string();
        self.call(
            "POST",
            &self.session_path("/actions"),
            Some(
                json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": k}, {"type": "keyUp", "value": k}]}]}),
            ),
        )
        .map(drop)
    }

    /// A PNG of the window.
    pub fn screenshot(&self) -> Result<Vec<u8>, String> {
        let v = self.call("GET", &self.session_path("/screenshot"), None)?;
        base64(v.as_str().ok_or("no screenshot")?)
    }

    /// The console messages since the last call: (level, message).
    pub fn console(&self) -> Result<Vec<(String, String)>, String> {
        let v = self.call(
            "POST",
            &self.session_path("/se/log"),
            Some(json!({"type": "browser"})),
        )?;
        Ok(v.as_array()
            .map(|a| {
                a.iter()
                    .map(|e| {
                        (
                            e["level"].as_str().unwrap_or("").to_string(),
                            e["message"].as_str().unwrap_or("").to_string(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.call("DELETE", &self.session_path(""), None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The body of one HTTP answer. chromedriver keeps the connection open whatever the request
/// asks, so the body ends where its `Content-Length` (or its last chunk) says, not at EOF.
fn read_answer(stream: &mut TcpStream) -> Result<String, String> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 65536];
    let complete = |raw: &[u8]| -> Option<String> {
        let text = String::from_utf8_lossy(raw);
        let (head, rest) = text.split_once("\r\n\r\n")?;
        let head = head.to_ascii_lowercase();
        if head.contains("transfer-encoding: chunked") {
            return rest.ends_with("0\r\n\r\n").then(|| unchunk(rest));
        }
        let length = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|n| n.trim().parse::<usize>().ok())?;
        let body_start = text.find("\r\n\r\n")? + 4;
        let body = raw.get(body_start..body_start + length)?;
        Some(String::from_utf8_lossy(body).into_owned())
    };
    loop {
        if let Some(body) = complete(&raw) {
            return Ok(body);
        }
        let n = stream.read(&mut buf).map_err(|e| e.to_string())?;
        if n == 0 {
            return complete(&raw).ok_or_else(|| "the answer ended early".to_string());
        }
        raw.extend_from_slice(&buf[..n]);
    }
}

/// The body of a chunked HTTP answer.
fn unchunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

/// Standard base64, as WebDriver sends screenshots.
fn base64(text: &str) -> Result<Vec<u8>, String> {
    let value = |c: u8| -> Result<u32, String> {
        Ok(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("not base64: {}", c as char)),
        } as u32)
    };
    let clean: Vec<u8> = text
        .bytes()
        .filter(|b| !b.is_ascii_whitespace() && *b != b'=')
        .collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c)? << (18 - 6 * i);
        }
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    Ok(out)
}
