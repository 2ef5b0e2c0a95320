//! Epic 40,000 waterways: being written.
