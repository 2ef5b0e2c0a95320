//! What every handler can reach: the store, and the limits and caches the HTTP layer keeps.

use super::rate::WriteRate;
use super::{cache, judging, origin};
use crate::store::Db;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    /// Share pages already rendered for visitors who cannot edit them.
    pub pages: std::sync::Arc<cache::PageCache>,
    /// Where players reach Drydock: links are written with it, cross-site posts checked against it.
    pub public: std::sync::Arc<origin::PublicOrigin>,
    /// How many writes one client may make.
    pub writes: WriteRate,
    /// How many reads that judge a document one client may make.
    pub judging: judging::JudgingRate,
    /// Load balancers whose X-Forwarded-For names the client (`--trusted-proxy`).
    pub proxies: std::sync::Arc<[std::net::IpAddr]>,
    /// What the judging routes share (the allowance per client at `judging`, the pool): made by
    /// the app (`web::app`, `web::service`) from `judging` and `proxies`; `None` until then.
    pub judges: Option<std::sync::Arc<judging::Judges>>,
}

impl judging::WithJudges for AppState {
    fn judges(&self) -> Option<&judging::Judges> {
        self.judges.as_deref()
    }
}

impl AppState {
    /// The state for an app served at `served_on`, with the default limits.
    pub fn new(db: Db, served_on: std::net::SocketAddr) -> Self {
        AppState {
            db,
            pages: std::sync::Arc::default(),
            public: std::sync::Arc::new(origin::PublicOrigin::served_on(served_on)),
            writes: WriteRate::default(),
            judging: judging::JudgingRate::default(),
            proxies: std::sync::Arc::new([]),
            judges: None,
        }
    }
}
