//! Browser tests: real headless Chromium (Debian's chromium and chromium-driver, which the
//! README's test command installs when missing) against the real app.

mod assist;
mod bfg;
mod bfg_fleet;
mod boats;
mod compare;
mod epic;
mod live;
mod noscript;
mod owners;
mod phones;
mod printed;
mod samurai;
mod samurai_long;
mod samurai_table;
mod sheet;
mod stays_put;
mod support;
mod waffle;
