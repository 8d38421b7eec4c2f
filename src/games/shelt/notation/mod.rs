//! Shelt's notations: readout (§9), compact algebraic (§10), SPN positions (§11).

pub mod compact;
pub mod readout;
pub mod spn;
