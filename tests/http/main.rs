//! HTTP tests: the real app on a real socket, with a real SQLite file per test.

mod api;
mod bfg;
mod bfg_fleet;
mod connections;
mod epic;
mod flows;
mod fuzz;
mod golden;
mod hardening;
mod load;
mod pages;
mod process;
mod samurai;
mod support;
mod waffle;
