//! What a self-test is: the definition she edits as a draft and that publishing freezes as a
//! version (stored as JSON), and the two checks on it: the shape a draft must have to be saved,
//! and what must be complete before it can be published.
use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::kit::closed_set::closed_set;
use crate::kit::validation::is_control;

pub const MAX_THEMES: usize = 8;
pub const MAX_QUESTIONS: usize = 40;
pub const MAX_CHOICES: usize = 7;
pub const MAX_PROFILES: usize = 40;
/// Most points one choice gives one theme.
pub const MAX_POINTS: i64 = 10;

/// A self-test: the draft she edits, and every frozen version. Unknown fields are refused, so a
/// mistyped field is never saved away silently.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SelfTestDefinition {
    /// E.g. "Hoe eerlijk kijk jij naar jezelf?"
    #[serde(default)]
    pub title: String,
    /// Markdown, shown above the first question.
    #[serde(default)]
    pub intro: String,
    /// 1 to 8 themes the answers score.
    #[serde(default)]
    pub themes: Vec<Theme>,
    /// 1 to 40 questions or statements, asked in this order.
    #[serde(default)]
    pub questions: Vec<Question>,
    /// Result profiles per theme and score range; together they cover 0 to 100 for every theme.
    #[serde(default)]
    pub profiles: Vec<Profile>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Theme {
    /// a-z, 0-9 and hyphens, e.g. `zelfbeeld`; answers and profiles name the theme by it.
    #[serde(default)]
    pub key: String,
    /// As the visitor reads it, e.g. "Zelfbeeld".
    #[serde(default)]
    pub name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// Stable id (letters, digits, `-`, `_`), e.g. a UUID.
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub text: String,
    /// 2 to 7 answer choices, e.g. a 5-point scale.
    #[serde(default)]
    pub choices: Vec<AnswerChoice>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnswerChoice {
    /// E.g. "Helemaal wel".
    #[serde(default)]
    pub label: String,
    /// Points (0 to 10) this choice gives each theme it scores, by theme key.
    #[serde(default)]
    pub scores: BTreeMap<String, i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// Stable id (letters, digits, `-`, `_`).
    #[serde(default)]
    pub id: String,
    /// The key of the theme whose score it describes.
    #[serde(default)]
    pub theme: String,
    /// Lowest score (percent, 0 to 100) it describes, inclusive.
    #[serde(default)]
    pub min: i64,
    /// Highest score (percent, 0 to 100) it describes, inclusive.
    #[serde(default)]
    pub max: i64,
    #[serde(default)]
    pub title: String,
    /// Markdown.
    #[serde(default)]
    pub text: String,
    /// The one next step she recommends.
    #[serde(default)]
    pub step: Step,
    /// A personal single-use coupon for the step's product, mailed with the result; only with a
    /// product step.
    #[serde(default)]
    pub coupon: Option<CouponOffer>,
}

closed_set! {
    /// What a recommended step leads to.
    pub enum StepKind {
        /// A product (storytelling evening, course): its page.
        Product = "product",
        /// The free intro call.
        IntroCall = "intro_call",
        /// A page of the site.
        Page = "page",
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub kind: StepKind,
    /// With `product`: the product's id.
    #[serde(default)]
    pub product_id: Option<i64>,
    /// With `page`: a path on the site, e.g. `/vertelavond`.
    #[serde(default)]
    pub path: Option<String>,
    /// The button's text, e.g. "Boek een gratis kennismakingsgesprek".
    #[serde(default)]
    pub label: String,
}

impl Default for Step {
    fn default() -> Self {
        Self {
            kind: StepKind::IntroCall,
            product_id: None,
            path: None,
            label: String::new(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CouponOffer {
    /// Discount in percent, 1 to 100.
    pub percent: i64,
    /// Days the code stays valid after the result is confirmed, 1 to 365.
    pub valid_days: i64,
}

impl SelfTestDefinition {
    pub fn theme(&self, key: &str) -> Option<&Theme> {
        self.themes.iter().find(|t| t.key == key)
    }

    pub fn profile(&self, id: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.id == id)
    }
}

/// Problems in Dutch, one sentence each, saying where ("Vraag 3: …").
#[derive(Default)]
pub struct Problems(pub Vec<String>);

impl Problems {
    fn add(&mut self, message: impl Into<String>) {
        self.0.push(message.into());
    }

    /// A trimmed text: too long, or (`multiline` or not) holding a control character.
    fn text(&mut self, at: &str, value: &str, max: usize, multiline: bool) -> String {
        let value = value.trim();
        if value.chars().count() > max {
            self.add(format!("{at} mag hoogstens {max} tekens lang zijn."));
        } else if value
            .chars()
            .any(|c| is_control(c) && !(multiline && matches!(c, '\n' | '\r' | '\t')))
        {
            self.add(format!(
                "{at} bevat een onzichtbaar stuurteken dat we niet kunnen bewaren."
            ));
        }
        value.to_string()
    }

    fn required(&mut self, at: &str, value: &str, what: &str) {
        if value.trim().is_empty() {
            self.add(format!("{at}: vul {what} in."));
        }
    }
}

/// A theme key: a-z, 0-9 and single hyphens inside, at most 40 characters.
fn is_theme_key(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= 40
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !key.starts_with('-')
        && !key.ends_with('-')
        && !key.contains("--")
}

/// A question or profile id: letters, digits, `-` and `_`, at most 64 characters.
fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The draft as it is saved: texts trimmed, or what is wrong with its shape. A draft may be
/// incomplete (empty texts, no profiles yet); what publishing needs is [`check_publishable`].
pub fn clean(def: &SelfTestDefinition) -> Result<SelfTestDefinition, Problems> {
    let mut p = Problems::default();
    let title = p.text("De titel", &def.title, 120, false);
    let intro = p.text("De inleiding", &def.intro, 4000, true);
    if def.themes.len() > MAX_THEMES {
        p.add(format!("Een test heeft hoogstens {MAX_THEMES} thema's."));
    }
    if def.questions.len() > MAX_QUESTIONS {
        p.add(format!("Een test heeft hoogstens {MAX_QUESTIONS} vragen."));
    }
    if def.profiles.len() > MAX_PROFILES {
        p.add(format!(
            "Een test heeft hoogstens {MAX_PROFILES} profielen."
        ));
    }
    let mut keys = HashSet::new();
    let themes = def
        .themes
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let at = format!("Thema {}", i + 1);
            let key = t.key.trim().to_string();
            if !is_theme_key(&key) {
                p.add(format!(
                    "{at}: de sleutel mag enkel kleine letters, cijfers en koppeltekens bevatten (bv. zelfbeeld), hoogstens 40 tekens."
                ));
            } else if !keys.insert(key.clone()) {
                p.add(format!("{at}: de sleutel ‘{key}’ komt twee keer voor."));
            }
            Theme {
                key,
                name: p.text(&format!("{at}: de naam"), &t.name, 60, false),
            }
        })
        .collect();
    let mut ids = HashSet::new();
    let questions = def
        .questions
        .iter()
        .enumerate()
        .map(|(i, q)| {
            let at = format!("Vraag {}", i + 1);
            let id = q.id.trim().to_string();
            if !is_id(&id) {
                p.add(format!(
                    "{at}: het id mag enkel letters, cijfers, - en _ bevatten (hoogstens 64 tekens)."
                ));
            } else if !ids.insert(id.clone()) {
                p.add(format!("{at}: het id ‘{id}’ komt twee keer voor."));
            }
            if q.choices.len() > MAX_CHOICES {
                p.add(format!(
                    "{at}: een vraag heeft hoogstens {MAX_CHOICES} antwoorden."
                ));
            }
            let choices = q
                .choices
                .iter()
                .enumerate()
                .map(|(j, c)| {
                    let at = format!("{at}, antwoord {}", j + 1);
                    let mut scores = BTreeMap::new();
                    for (theme, points) in &c.scores {
                        if !(0..=MAX_POINTS).contains(points) {
                            p.add(format!(
                                "{at}: de punten voor een thema liggen tussen 0 en {MAX_POINTS}."
                            ));
                        }
                        if *points > 0 {
                            scores.insert(theme.trim().to_string(), *points);
                        }
                    }
                    AnswerChoice {
                        label: p.text(&format!("{at}: de tekst"), &c.label, 100, false),
                        scores,
                    }
                })
                .collect();
            Question {
                id,
                text: p.text(&format!("{at}: de tekst"), &q.text, 300, false),
                choices,
            }
        })
        .collect();
    let mut ids = HashSet::new();
    let profiles = def
        .profiles
        .iter()
        .enumerate()
        .map(|(i, pr)| {
            let at = format!("Profiel {}", i + 1);
            let id = pr.id.trim().to_string();
            if !is_id(&id) {
                p.add(format!(
                    "{at}: het id mag enkel letters, cijfers, - en _ bevatten (hoogstens 64 tekens)."
                ));
            } else if !ids.insert(id.clone()) {
                p.add(format!("{at}: het id ‘{id}’ komt twee keer voor."));
            }
            if !(0..=100).contains(&pr.min) || !(0..=100).contains(&pr.max) || pr.min > pr.max {
                p.add(format!(
                    "{at}: de scores lopen van 0 tot 100, en ‘van’ is niet groter dan ‘tot’."
                ));
            }
            if let Some(c) = pr.coupon {
                if !(1..=100).contains(&c.percent) {
                    p.add(format!(
                        "{at}: de korting is een percentage van 1 tot 100."
                    ));
                }
                if !(1..=365).contains(&c.valid_days) {
                    p.add(format!(
                        "{at}: de kortingscode is 1 tot 365 dagen geldig."
                    ));
                }
            }
            let path = pr
                .step
                .path
                .as_deref()
                .map(|path| p.text(&format!("{at}: de pagina"), path, 200, false))
                .filter(|path| !path.is_empty());
            Profile {
                id,
                theme: pr.theme.trim().to_string(),
                min: pr.min,
                max: pr.max,
                title: p.text(&format!("{at}: de titel"), &pr.title, 120, false),
                text: p.text(&format!("{at}: de tekst"), &pr.text, 4000, true),
                step: Step {
                    kind: pr.step.kind,
                    product_id: pr.step.product_id,
                    path,
                    label: p.text(&format!("{at}: de knop"), &pr.step.label, 80, false),
                },
                coupon: pr.coupon,
            }
        })
        .collect();
    if !p.0.is_empty() {
        return Err(p);
    }
    Ok(SelfTestDefinition {
        title,
        intro,
        themes,
        questions,
        profiles,
    })
}

/// What must be complete before a (cleaned) definition can be published, as a list of what to
/// fix; `products` names the active products by id.
pub fn check_publishable(def: &SelfTestDefinition, products: &HashMap<i64, String>) -> Problems {
    let mut p = Problems::default();
    p.required("De test", &def.title, "een titel");
    if def.themes.is_empty() {
        p.add("Voeg minstens één thema toe.");
    }
    if def.questions.is_empty() {
        p.add("Voeg minstens één vraag toe.");
    }
    for (i, t) in def.themes.iter().enumerate() {
        p.required(&format!("Thema {}", i + 1), &t.name, "een naam");
    }
    for (i, q) in def.questions.iter().enumerate() {
        let at = format!("Vraag {}", i + 1);
        p.required(&at, &q.text, "de vraag of stelling");
        if q.choices.len() < 2 {
            p.add(format!("{at}: geef minstens twee antwoorden."));
        }
        for (j, c) in q.choices.iter().enumerate() {
            p.required(&format!("{at}, antwoord {}", j + 1), &c.label, "de tekst");
            for theme in c.scores.keys() {
                if def.theme(theme).is_none() {
                    p.add(format!(
                        "{at}, antwoord {}: het thema ‘{theme}’ bestaat niet (meer).",
                        j + 1
                    ));
                }
            }
        }
    }
    for t in &def.themes {
        let scored = def
            .questions
            .iter()
            .any(|q| q.choices.iter().any(|c| c.scores.get(&t.key) > Some(&0)));
        if !scored {
            p.add(format!(
                "Thema ‘{}’: geen enkel antwoord geeft er punten aan.",
                t.name
            ));
        }
    }
    for (i, pr) in def.profiles.iter().enumerate() {
        let at = format!("Profiel {}", i + 1);
        if def.theme(&pr.theme).is_none() {
            p.add(format!("{at}: kies een thema."));
        }
        p.required(&at, &pr.title, "een titel");
        p.required(&at, &pr.text, "een tekst");
        p.required(
            &at,
            &pr.step.label,
            "de tekst van de knop naar de volgende stap",
        );
        match pr.step.kind {
            StepKind::Product => match pr.step.product_id {
                Some(id) if products.contains_key(&id) => {}
                _ => p.add(format!("{at}: kies een product dat te koop is.")),
            },
            StepKind::Page => match pr.step.path.as_deref() {
                Some(path) if path.starts_with('/') && !path.starts_with("//") => {}
                _ => p.add(format!(
                    "{at}: de pagina is een pad op je site dat begint met /, bv. /vertelavond."
                )),
            },
            StepKind::IntroCall => {}
        }
        if pr.coupon.is_some() && pr.step.kind != StepKind::Product {
            p.add(format!(
                "{at}: een kortingscode kan enkel bij een product als volgende stap."
            ));
        }
    }
    for t in &def.themes {
        for (from, to) in gaps(def, &t.key) {
            let range = if from == to {
                format!("score {from}")
            } else {
                format!("scores {from} tot {to}")
            };
            p.add(format!("Thema ‘{}’: geen profiel voor {range}.", t.name));
        }
    }
    p
}

/// The score ranges (inclusive) of 0..=100 that no profile of `theme` covers.
fn gaps(def: &SelfTestDefinition, theme: &str) -> Vec<(i64, i64)> {
    let mut covered = [false; 101];
    for pr in def.profiles.iter().filter(|p| p.theme == theme) {
        for score in pr.min.max(0)..=pr.max.min(100) {
            covered[score as usize] = true;
        }
    }
    let mut out = Vec::new();
    let mut start = None;
    for (score, is) in covered.iter().enumerate() {
        match (is, start) {
            (false, None) => start = Some(score as i64),
            (true, Some(from)) => {
                out.push((from, score as i64 - 1));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        out.push((from, 100));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(id: &str, theme: &str, min: i64, max: i64) -> Profile {
        Profile {
            id: id.into(),
            theme: theme.into(),
            min,
            max,
            title: "Titel".into(),
            text: "Tekst".into(),
            step: Step {
                label: "Verder".into(),
                ..Step::default()
            },
            coupon: None,
        }
    }

    fn complete() -> SelfTestDefinition {
        SelfTestDefinition {
            title: "Test".into(),
            intro: String::new(),
            themes: vec![Theme {
                key: "grenzen".into(),
                name: "Grenzen".into(),
            }],
            questions: vec![Question {
                id: "q1".into(),
                text: "Ik zeg makkelijk nee.".into(),
                choices: vec![
                    AnswerChoice {
                        label: "Nee".into(),
                        scores: BTreeMap::new(),
                    },
                    AnswerChoice {
                        label: "Ja".into(),
                        scores: [("grenzen".to_string(), 4)].into(),
                    },
                ],
            }],
            profiles: vec![
                profile("laag", "grenzen", 0, 49),
                profile("hoog", "grenzen", 50, 100),
            ],
        }
    }

    #[test]
    fn a_complete_definition_can_be_published() {
        let def = clean(&complete()).ok().unwrap();
        assert!(check_publishable(&def, &HashMap::new()).0.is_empty());
    }

    #[test]
    fn gaps_in_the_profiles_are_named_per_theme() {
        let mut def = complete();
        def.profiles = vec![
            profile("a", "grenzen", 0, 40),
            profile("b", "grenzen", 60, 99),
        ];
        let problems = check_publishable(&def, &HashMap::new()).0;
        assert!(problems.contains(&"Thema ‘Grenzen’: geen profiel voor scores 41 tot 59.".into()));
        assert!(problems.contains(&"Thema ‘Grenzen’: geen profiel voor score 100.".into()));
    }

    #[test]
    fn wrong_steps_and_unscored_themes_are_refused_at_publish() {
        let mut def = complete();
        def.themes.push(Theme {
            key: "energie".into(),
            name: "Energie".into(),
        });
        def.profiles.push(profile("e", "energie", 0, 100));
        def.profiles[0].step = Step {
            kind: StepKind::Page,
            product_id: None,
            path: Some("vertelavond".into()),
            label: "Kom".into(),
        };
        def.profiles[0].coupon = Some(CouponOffer {
            percent: 10,
            valid_days: 14,
        });
        def.profiles[1].step = Step {
            kind: StepKind::Product,
            product_id: Some(7),
            path: None,
            label: "Koop".into(),
        };
        let problems = check_publishable(&def, &HashMap::from([(3, "/x".to_string())])).0;
        assert_eq!(
            problems,
            vec![
                "Thema ‘Energie’: geen enkel antwoord geeft er punten aan.",
                "Profiel 1: de pagina is een pad op je site dat begint met /, bv. /vertelavond.",
                "Profiel 1: een kortingscode kan enkel bij een product als volgende stap.",
                "Profiel 2: kies een product dat te koop is.",
            ]
        );
    }

    #[test]
    fn the_shape_is_checked_when_saving() {
        let mut def = complete();
        def.themes[0].key = "Zelf Beeld".into();
        def.questions.push(def.questions[0].clone());
        def.questions[0].choices[1]
            .scores
            .insert("grenzen".into(), 11);
        def.profiles[0].min = 60;
        let problems = clean(&def).err().unwrap().0;
        assert_eq!(problems.len(), 4, "{problems:?}");
        assert!(problems[0].starts_with("Thema 1: de sleutel"));
        // An incomplete draft is fine to save.
        assert!(clean(&SelfTestDefinition::default()).is_ok());
    }
}
