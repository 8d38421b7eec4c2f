//! The SPN setup apart from the position: every rule it breaks reported at once, the rules
//! a caller accepts tolerated, and the setup printed back as it was read.

use hensoku::Setup;
use hensoku::shelt::{Position, Shelt, SheltRule, spn};

type SheltSetup = <Shelt as Setup>::Setup;

#[test]
fn a_setup_reports_every_problem() {
    // two Teems and a ker counter of 5
    let text = "1,eke,5/1,teems,2,kmir,2/dia,6/7/7/3,ser,3/teems,6 arxe -/- rav/- 0/5";
    let setup: SheltSetup = text.parse().expect("the syntax is sound");
    let problems = Shelt::position(&setup, &[]).unwrap_err();
    let rules: Vec<&str> = problems.iter().map(|p| p.rule.name()).collect();
    assert_eq!(rules, ["TeemsCount", "KerCounter"]);
    // the first problem is still what `FromStr` reports
    let first = text.parse::<Position>().unwrap_err();
    assert_eq!(first.rule, problems[0].rule);
}

#[test]
fn an_accepted_rule_yields_a_position() {
    let text = "1,eke,5/1,teems,2,kmir,2/dia,6/7/7/3,ser,3/7 arxe -/- rav/- 0/5";
    let setup: SheltSetup = text.parse().unwrap();
    assert!(Shelt::position(&setup, &[]).is_err());
    let pos = Shelt::position(&setup, &[SheltRule::KerCounter.into()]).expect("tolerated");
    assert_eq!(pos.kers(hensoku::shelt::Side::Sorn), 5);
    assert_eq!(pos.to_string(), text);
    // a rule that leaves nothing to build is never tolerated
    let two: SheltSetup = "teems,6/7/7/3,teems,3/7/7/eke,kmir,4,dia arxe -/- -/- 0/0"
        .parse()
        .unwrap();
    assert!(Shelt::position(&two, &[SheltRule::TeemsCount.into()]).is_err());
}

#[test]
fn a_setup_prints_back_as_read() {
    let setup: SheltSetup = spn::INITIAL.parse().unwrap();
    assert_eq!(setup.to_string(), spn::INITIAL);
    let start = Position::startpos();
    assert_eq!(Shelt::setup(&start).to_string(), spn::INITIAL);
    let pos = Shelt::position(&Shelt::setup(&start), &[]).unwrap();
    assert_eq!(pos.to_string(), start.to_string());
}

#[test]
fn a_missing_moon_accepted_still_plays() {
    use hensoku::shelt::{Lantis, Side};
    let moon = Lantis::moon(Side::Sorn).code();
    let text = spn::INITIAL.replacen(&format!(",{moon},"), ",1,", 1);
    let setup: SheltSetup = text.parse().unwrap();
    let problems = Shelt::position(&setup, &[]).unwrap_err();
    assert_eq!(
        problems[0].rule,
        hensoku::Rule::from(SheltRule::MissingMoon)
    );
    let pos = Shelt::position(&setup, &[SheltRule::MissingMoon.into()]).expect("tolerated");
    assert!(hensoku::shelt::perft(&pos, 2) > 0);
}
