//! The QFEN setup apart from the position: every rule it breaks reported at once, the rules
//! a caller accepts tolerated, and the setup printed back as it was read.

use hensoku::quantum::{Position, Quantum, QuantumRule};
use hensoku::{Rule, Setup};

type QuantumSetup = <Quantum as Setup>::Setup;

const START: &str = "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 0:0 -";

#[test]
fn a_setup_reports_every_problem() {
    // a lock on a Skipper, and three captured Absorbers beyond the supply
    let text = "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 3:0 a1";
    let setup: QuantumSetup = text.parse().expect("the syntax is sound");
    let problems = Quantum::position(&setup, &[]).unwrap_err();
    let rules: Vec<&str> = problems.iter().map(|p| p.rule.name()).collect();
    assert_eq!(rules, ["LockedNotAbsorber", "TooManyAbsorbers"]);
    // the first problem is still what `FromStr` reports
    let first = text.parse::<Position>().unwrap_err();
    assert_eq!(first.rule, problems[0].rule);
    assert_eq!(&text[problems[0].span.offset..problems[0].span.end()], "a1");
}

#[test]
fn an_accepted_rule_yields_a_position() {
    let text = "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 3:0 -";
    let setup: QuantumSetup = text.parse().unwrap();
    assert!(Quantum::position(&setup, &[]).is_err());
    let accept = [Rule::from(QuantumRule::TooManyAbsorbers)];
    let pos = Quantum::position(&setup, &accept).expect("tolerated");
    assert_eq!(pos.captured, [3, 0]);
    assert_eq!(pos.to_string(), text);
    // a lock on no Absorber is never tolerated
    let locked: QuantumSetup = "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 0:0 a1"
        .parse()
        .unwrap();
    let accept = [Rule::from(QuantumRule::LockedNotAbsorber)];
    assert!(Quantum::position(&locked, &accept).is_err());
}

#[test]
fn a_setup_prints_back_as_read() {
    let setup: QuantumSetup = START.parse().unwrap();
    assert_eq!(setup.to_string(), START);
    let start = Position::startpos();
    assert_eq!(Quantum::setup(&start).to_string(), START);
    let pos = Quantum::position(&Quantum::setup(&start), &[]).unwrap();
    assert_eq!(pos.to_string(), start.to_string());
    // a syntax error is the setup's own
    assert!("ssss/sssss/6 r 0:0 -".parse::<QuantumSetup>().is_err());
}
