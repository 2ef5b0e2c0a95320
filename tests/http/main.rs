//! HTTP tests: the real app on a real socket, with a real SQLite file per test.

mod api;
mod bfg;
mod bfg_fleet;
mod buttons;
mod connections;
mod epic;
mod epic_table_ready;
mod flows;
mod fuzz;
mod gallery;
mod golden;
mod gone;
mod hardening;
mod imports;
mod instances;
mod load;
mod nul;
mod owners;
mod pages;
mod phones;
mod process;
mod samurai;
mod sheet;
mod support;
mod transfer;
mod waffle;
