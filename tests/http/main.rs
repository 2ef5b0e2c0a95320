//! HTTP tests: the real app on a real socket, with a real SQLite file per test.

mod api;
mod epic;
mod load;
mod pages;
mod process;
mod support;
