//! The 5DPGN header apart from the multiverse: every rule it breaks reported at once, the
//! rules a caller accepts tolerated, and the setup printed back as it was read.

use hensoku::fived::{Fived, FivedRule, Position};
use hensoku::{Rule, Setup};

type FivedSetup = <Fived as Setup>::Setup;

#[test]
fn a_setup_reports_every_problem() {
    // a size that is no size, an unknown promotion, and a board of the wrong width
    let text = "[Board \"custom\"]\n[Size \"9x9\"]\n[Promotions \"Z\"]\n[4k/5/5/5/K1R2:0:1:w]\n[4k/5/5/5/K1R:1:1:w]\n";
    let setup: FivedSetup = text.parse().expect("the syntax is sound");
    let problems = Fived::position(&setup, &[]).unwrap_err();
    let rules: Vec<&str> = problems.iter().map(|p| p.rule.name()).collect();
    assert_eq!(rules, ["BadSize", "BadPromotions", "FenSize"]);
    // the first problem is still what `FromStr` reports
    let first = text.parse::<Position>().unwrap_err();
    assert_eq!(first.rule, problems[0].rule);
}

#[test]
fn an_accepted_rule_yields_a_position() {
    let text = "[Board \"custom\"]\n[Size \"9x9\"]\n[Promotions \"Z\"]\n[4k/5/5/5/K1R2:0:1:w]\n";
    let setup: FivedSetup = text.parse().unwrap();
    assert!(Fived::position(&setup, &[]).is_err());
    let accept = [
        Rule::from(FivedRule::BadSize),
        Rule::from(FivedRule::BadPromotions),
    ];
    let pos = Fived::position(&setup, &accept).expect("tolerated");
    assert_eq!((pos.width, pos.height), (5, 5));
    assert!(!hensoku::fived::legal_moves(&pos).is_empty());
    // a board that does not fit is never tolerated
    let wide: FivedSetup = "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/5/K1R:0:1:w]\n"
        .parse()
        .unwrap();
    let accept = [Rule::from(FivedRule::FenSize)];
    assert!(Fived::position(&wide, &accept).is_err());
}

#[test]
fn a_setup_prints_back_as_read() {
    let start = Position::startpos();
    let setup = Fived::setup(&start);
    let again: FivedSetup = setup.to_string().parse().unwrap();
    assert_eq!(again, setup);
    assert_eq!(again.to_string(), setup.to_string());
    assert_eq!(setup.to_string(), start.to_string());
    let pos = Fived::position(&setup, &[]).unwrap();
    assert_eq!(pos, start);
    // a variant's name alone is a setup too
    let named: FivedSetup = "Standard".parse().unwrap();
    assert_eq!(named.to_string(), "[Board \"Standard\"]\n");
    assert_eq!(Fived::position(&named, &[]).unwrap(), start);
    // moves are a record's, not a setup's
    assert!(
        "[Board \"Standard\"]\n1. e3 / e6\n"
            .parse::<FivedSetup>()
            .is_err()
    );
}
