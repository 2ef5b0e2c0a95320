//! A PostgreSQL server of a test's own, for tests that stop, kill or reconfigure it (the shared
//! test server must not be): made with the binaries the test command found (`PG_BIN`, exported
//! by scripts/pg.sh) in a temporary directory, as the `postgres` user (or `nobody`) when the
//! tests run as root. Every server is a copy of one cluster made once per test run, so starting
//! one costs no initdb.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

pub struct OwnServer {
    bin: PathBuf,
    dir: tempfile::TempDir,
    pub port: u16,
    user: Option<&'static str>,
}

/// The user the server runs as: as scripts/pg.sh chooses, the `postgres` user the package makes
/// (else `nobody`) when the tests run as root; the tests' own user otherwise.
pub fn server_user() -> Option<&'static str> {
    // SAFETY: geteuid only reads the process's user id.
    let root = unsafe { libc::geteuid() } == 0;
    let has_postgres =
        || Command::new("id").args(["-u", "postgres"]).output().is_ok_and(|o| o.status.success());
    root.then(|| if has_postgres() { "postgres" } else { "nobody" })
}

/// The PostgreSQL binaries, or `None` (and a line saying the test is skipped) without them,
/// except under CI, where that is an error.
pub fn pg_bin() -> Option<PathBuf> {
    let Some(bin) = std::env::var_os("PG_BIN") else {
        assert!(std::env::var_os("CI").is_none(), "PG_BIN is not set: scripts/test.sh sets it");
        drydock::store::testing::skipped(
            "no PostgreSQL binaries (PG_BIN is not set; scripts/test.sh sets it)",
        );
        return None;
    };
    Some(bin.into())
}

/// `tool` run as `user` (or as ourselves), from `dir`; panics with its output if it fails.
pub fn run_as(user: Option<&str>, dir: &Path, exe: &Path, args: &[&str]) -> String {
    let mut cmd = match user {
        Some(user) => {
            let mut c = Command::new("runuser");
            c.args(["-u", user, "--"]).arg(exe);
            c
        }
        None => Command::new(exe),
    };
    let out = cmd.args(args).current_dir(dir).output().unwrap_or_else(|e| panic!("{}: {e}", exe.display()));
    assert!(
        out.status.success(),
        "{}: {}{}",
        exe.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn chown(user: Option<&str>, path: &Path) {
    if let Some(user) = user {
        let ok = Command::new("chown").args(["-R", user]).arg(path).status().expect("chown");
        assert!(ok.success(), "chown {}", path.display());
    }
}

/// A fresh cluster made once per test run, copied for each server.
fn template(bin: &Path, user: Option<&'static str>) -> &'static Path {
    static TEMPLATE: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    &TEMPLATE
        .get_or_init(|| {
            let dir = tempfile::tempdir().expect("dir");
            chown(user, dir.path());
            let data = dir.path().join("data");
            run_as(
                user,
                dir.path(),
                &bin.join("initdb"),
                &["-D", data.to_str().expect("path"), "-U", "postgres", "--auth=trust", "-E", "UTF8"],
            );
            (dir, data)
        })
        .1
}

/// A free port on 127.0.0.1 (free when asked).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("port").port()
}

impl OwnServer {
    /// A new server, not yet started (see [`OwnServer::start`]), or `None` without PostgreSQL.
    pub fn stopped() -> Option<OwnServer> {
        let bin = pg_bin()?;
        let user = server_user();
        let dir = tempfile::tempdir().expect("dir");
        chown(user, dir.path());
        let data = dir.path().join("data");
        let copied = Command::new("cp").arg("-a").arg(template(&bin, user)).arg(&data).status().expect("cp");
        assert!(copied.success(), "copying the template cluster");
        Some(OwnServer { bin, dir, port: free_port(), user })
    }

    /// A new server, started.
    pub fn new() -> Option<OwnServer> {
        let server = OwnServer::stopped()?;
        server.start();
        Some(server)
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// Runs one of the server's tools (`psql`, `pg_ctl`) as its user.
    pub fn tool(&self, tool: &str, args: &[&str]) -> String {
        run_as(self.user, self.dir.path(), &self.bin.join(tool), args)
    }

    /// Starts the server and waits until it accepts connections.
    pub fn start(&self) {
        // A killed postmaster can stay a zombie for a while where nothing reaps orphans (some
        // containers' first process): PostgreSQL would take its lock files for a live server's.
        let socket_lock = self.dir.path().join(format!(".s.PGSQL.{}.lock", self.port));
        for lock in [self.data().join("postmaster.pid"), socket_lock] {
            if let Ok(text) = std::fs::read_to_string(&lock)
                && let Some(pid) = text.lines().next().and_then(|l| l.trim().parse::<u32>().ok())
                && !alive(pid)
            {
                std::fs::remove_file(&lock).expect("remove a dead server's lock file");
            }
        }
        let options =
            format!("-p {} -c listen_addresses=127.0.0.1 -k {}", self.port, self.dir.path().display());
        let log = self.dir.path().join("server.log");
        let data = self.data();
        let started = std::panic::catch_unwind(|| {
            self.tool(
                "pg_ctl",
                &["start", "-w", "-t", "60", "-D", path(&data), "-l", path(&log), "-o", &options],
            )
        });
        if started.is_err() {
            panic!(
                "the server did not start; its log:\n{}",
                std::fs::read_to_string(&log).unwrap_or_default()
            );
        }
    }

    /// `pg_ctl stop -m fast`, as `pg_ctl restart` begins: sessions are ended, the server checkpoints
    /// and exits.
    pub fn stop_fast(&self) {
        self.tool("pg_ctl", &["stop", "-w", "-m", "fast", "-D", path(&self.data())]);
    }

    /// The postmaster's process id.
    pub fn postmaster(&self) -> u32 {
        let pid = std::fs::read_to_string(self.data().join("postmaster.pid")).expect("pid file");
        pid.lines().next().and_then(|l| l.trim().parse().ok()).expect("pid")
    }

    /// SIGKILL to the postmaster only: no shutdown, no checkpoint, as a crash of it leaves the
    /// server (its backends notice and exit on their own). Returns once they have all gone, so
    /// the server can be started again.
    pub fn kill_main(&self) {
        let main = self.postmaster();
        let children = children_of(main);
        kill(main);
        wait_gone(&children);
    }

    /// SIGKILL to every process of the server at once, as a pulled plug leaves it (the
    /// operating system keeps what was written, as it would not on power loss; fsync is what
    /// covers that, and it stays on).
    pub fn kill_all(&self) {
        let main = self.postmaster();
        let mut all = children_of(main);
        all.push(main);
        for pid in &all {
            kill(*pid);
        }
        wait_gone(&all);
    }

    /// SIGSTOP to every process of the server: it hangs rather than refuses, as a server
    /// swapping itself to death or cut off by a network that drops packets does (the kernel
    /// still accepts connections; nothing answers them). [`OwnServer::thaw`] ends it.
    pub fn freeze(&self) {
        self.signal_all("-STOP");
    }

    /// SIGCONT to every process of the server, after [`OwnServer::freeze`].
    pub fn thaw(&self) {
        self.signal_all("-CONT");
    }

    /// Sends `sig` to every process of the server, if it is running.
    fn signal_all(&self, sig: &str) {
        let Some(main) = std::fs::read_to_string(self.data().join("postmaster.pid"))
            .ok()
            .and_then(|pid| pid.lines().next()?.trim().parse::<u32>().ok())
        else {
            return;
        };
        let mut all = children_of(main);
        all.push(main);
        for pid in &all {
            let _ = Command::new("kill").args([sig, &pid.to_string()]).status();
        }
    }

    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// The processes whose parent is `pid` (the server's backends and helpers).
fn children_of(pid: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|p| {
            // /proc/N/stat: "N (name) S PPID ..."; the name may hold spaces and parentheses.
            std::fs::read_to_string(format!("/proc/{p}/stat")).ok().is_some_and(|stat| {
                stat.rsplit_once(')')
                    .and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<u32>().ok())
                    == Some(pid)
            })
        })
        .collect()
}

fn kill(pid: u32) {
    // A process that is gone already is what we wanted.
    let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
}

/// Whether `pid` is running (a zombie, exited but not yet reaped, is not).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|s| s.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z')))
}

/// Waits (at most 30 s) until none of `pids` is running: a killed postmaster's backends hold its
/// shared memory until they exit, and a new server cannot start before.
fn wait_gone(pids: &[u32]) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while pids.iter().any(|p| alive(*p)) {
        assert!(Instant::now() < deadline, "the server's processes did not exit");
        std::thread::sleep(Duration::from_millis(20));
    }
}

impl Drop for OwnServer {
    fn drop(&mut self) {
        // A server a failed test left stopped would never take the signal to shut down.
        self.thaw();
        let data = self.data();
        let mut cmd = match self.user {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(self.bin.join("pg_ctl"));
                c
            }
            None => Command::new(self.bin.join("pg_ctl")),
        };
        let _ = cmd.args(["stop", "-m", "immediate", "-D"]).arg(data).current_dir(self.dir.path()).output();
    }
}
