//! 5D Chess with Multiverse Time Travel: the multiverse, its pieces and actions, 5DPGN and
//! 5DFEN, the seed's vector notation, the validator, exact checkmate and mate-in-N.

pub mod action;
pub mod action_search;
pub mod attack;
pub mod board;
pub mod claims;
pub mod face;
pub mod fen;
pub mod hypercuboid;
pub mod mate_search;
pub mod movegen;
pub mod multiverse;
pub mod notation;
pub mod record;
pub mod render;
pub mod resolve;
mod rule_kind;
pub mod setup;
pub mod solve;
pub mod stipulated;
pub mod types;
pub mod validate;
pub mod variants;

pub use rule_kind::FivedRule;
