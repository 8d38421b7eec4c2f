//! Every rule a diagnostic can name is documented in `docs/diagnostics.md`, in the section
//! of its enum, and the page names no rule that does not exist.

use hensoku::Rule;
use std::collections::{BTreeMap, BTreeSet};

/// The rule names of each `## \`Enum\`` section of the page, from its table rows.
fn documented() -> BTreeMap<String, BTreeSet<String>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/diagnostics.md");
    let text = std::fs::read_to_string(path).expect("docs/diagnostics.md is readable");
    let mut sections: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut current = None;
    for line in text.lines() {
        if let Some(head) = line.strip_prefix("## ") {
            let name = head.trim_matches('`').to_string();
            sections.entry(name.clone()).or_default();
            current = Some(name);
        } else if let (Some(section), Some(row)) = (&current, line.strip_prefix("| `")) {
            let name = row.split('`').next().unwrap_or_default().to_string();
            sections.get_mut(section).unwrap().insert(name);
        }
    }
    sections
}

#[test]
fn every_rule_is_documented_in_its_section() {
    let docs = documented();
    let mut missing = Vec::new();
    for rule in Rule::all() {
        let listed = docs
            .get(rule.group())
            .is_some_and(|s| s.contains(rule.name()));
        if !listed {
            missing.push(format!("{}::{}", rule.group(), rule.name()));
        }
    }
    assert!(
        missing.is_empty(),
        "not in docs/diagnostics.md: {missing:?}"
    );
}

#[test]
fn the_page_names_only_existing_rules() {
    let mut real: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for rule in Rule::all() {
        real.entry(rule.group()).or_default().insert(rule.name());
    }
    for (section, names) in documented() {
        let known = real.get(section.as_str());
        assert!(
            known.is_some(),
            "docs/diagnostics.md has a section for no enum: {section}"
        );
        let stale: Vec<_> = names
            .iter()
            .filter(|n| !known.unwrap().contains(n.as_str()))
            .collect();
        assert!(
            stale.is_empty(),
            "{section} lists rules that do not exist: {stale:?}"
        );
    }
}

#[test]
fn names_are_unique_within_an_enum_and_serialize_as_the_name() {
    let all: Vec<Rule> = Rule::all().collect();
    let distinct: BTreeSet<(&str, &str)> = all.iter().map(|r| (r.group(), r.name())).collect();
    assert_eq!(distinct.len(), all.len());
    for rule in all {
        let json = serde_json::to_string(&rule).unwrap();
        assert_eq!(json, format!("\"{}\"", rule.name()));
        assert!(!rule.description().is_empty());
        assert_eq!(
            rule.to_string(),
            rule.description(),
            "Display is the message"
        );
    }
}

/// The stable names the JSON output prints as `rule`, every enum's in one list: renaming
/// a variant's name changes this snapshot, which a reviewer must accept on purpose.
#[test]
fn the_json_rule_names_stay_the_same() {
    let names: Vec<String> = Rule::all()
        .map(|rule| {
            let json = serde_json::to_value(rule).unwrap();
            format!("{}::{}", rule.group(), json.as_str().unwrap())
        })
        .collect();
    insta::assert_snapshot!(names.join("\n"));
}
