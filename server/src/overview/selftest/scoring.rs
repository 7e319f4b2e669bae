//! Scoring, a pure function of (definition, answers) (DESIGN.md §14): per theme the points of
//! the chosen answers as a percentage of the most that theme could get, then the profiles whose
//! range holds that score, the primary one first.
use super::definition::{Profile, SelfTestDefinition};

/// One theme's score, 0 to 100.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThemeScore {
    pub key: String,
    pub score: i64,
}

/// Why answers do not fit a definition, in Dutch.
#[derive(Debug, PartialEq, Eq)]
pub struct AnswerError(pub String);

/// The score of every theme, in the definition's theme order: round(100 × points / most points)
/// where each question counts the points of the chosen answer, and "most" the points of its
/// highest-scoring answer for that theme. A theme no answer scores gets 0 (publishing refuses
/// such a test). `answers` holds the chosen answer's index per question, in order.
pub fn theme_scores(
    def: &SelfTestDefinition,
    answers: &[i64],
) -> Result<Vec<ThemeScore>, AnswerError> {
    if answers.len() != def.questions.len() {
        return Err(AnswerError(format!(
            "Beantwoord alle {} vragen van de test.",
            def.questions.len()
        )));
    }
    let mut chosen = Vec::with_capacity(answers.len());
    for (i, (question, &answer)) in def.questions.iter().zip(answers).enumerate() {
        let choice = usize::try_from(answer)
            .ok()
            .and_then(|a| question.choices.get(a))
            .ok_or_else(|| AnswerError(format!("Vraag {}: kies een van de antwoorden.", i + 1)))?;
        chosen.push(choice);
    }
    Ok(def
        .themes
        .iter()
        .map(|theme| {
            let points = |c: &super::definition::AnswerChoice| {
                c.scores.get(&theme.key).copied().unwrap_or(0).max(0)
            };
            let got: i64 = chosen.iter().map(|&c| points(c)).sum();
            let most: i64 = def
                .questions
                .iter()
                .map(|q| q.choices.iter().map(points).max().unwrap_or(0))
                .sum();
            let score = if most == 0 {
                0
            } else {
                // Half up: (200 × got + most) / (2 × most).
                (200 * got + most) / (2 * most)
            };
            ThemeScore {
                key: theme.key.clone(),
                score,
            }
        })
        .collect())
}

/// Every profile whose theme's score lies in its range, the primary first: the primary is the
/// profile of the theme with the highest score (ties: the theme first in the test), then the
/// other themes by score, each theme's profiles in the test's order.
pub fn matching_profiles<'a>(
    def: &'a SelfTestDefinition,
    scores: &[ThemeScore],
) -> Vec<&'a Profile> {
    let mut ranked: Vec<(usize, &ThemeScore)> = scores.iter().enumerate().collect();
    // Stable: equal scores keep the theme order.
    ranked.sort_by(|a, b| b.1.score.cmp(&a.1.score).then(a.0.cmp(&b.0)));
    ranked
        .into_iter()
        .flat_map(|(_, s)| {
            def.profiles
                .iter()
                .filter(move |p| p.theme == s.key && p.min <= s.score && s.score <= p.max)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::overview::selftest::definition::{AnswerChoice, Question, Step, Theme};

    /// A 5-point scale giving 0..4 points to `theme`.
    fn scale(id: &str, theme: &str) -> Question {
        Question {
            id: id.into(),
            text: id.into(),
            choices: (0..5)
                .map(|points| AnswerChoice {
                    label: points.to_string(),
                    scores: BTreeMap::from([(theme.to_string(), points)]),
                })
                .collect(),
        }
    }

    fn profile(id: &str, theme: &str, min: i64, max: i64) -> Profile {
        Profile {
            id: id.into(),
            theme: theme.into(),
            min,
            max,
            title: id.into(),
            text: String::new(),
            step: Step::default(),
            coupon: None,
        }
    }

    fn test() -> SelfTestDefinition {
        SelfTestDefinition {
            title: "Test".into(),
            intro: String::new(),
            themes: vec![
                Theme {
                    key: "zelfbeeld".into(),
                    name: "Zelfbeeld".into(),
                },
                Theme {
                    key: "grenzen".into(),
                    name: "Grenzen".into(),
                },
            ],
            questions: vec![
                scale("a", "zelfbeeld"),
                scale("b", "zelfbeeld"),
                scale("c", "zelfbeeld"),
                scale("d", "grenzen"),
                scale("e", "grenzen"),
                scale("f", "grenzen"),
            ],
            profiles: vec![
                profile("zelfbeeld-laag", "zelfbeeld", 0, 49),
                profile("zelfbeeld-hoog", "zelfbeeld", 50, 100),
                profile("grenzen", "grenzen", 0, 100),
            ],
        }
    }

    fn scores(def: &SelfTestDefinition, answers: &[i64]) -> Vec<i64> {
        theme_scores(def, answers)
            .unwrap()
            .into_iter()
            .map(|s| s.score)
            .collect()
    }

    #[test]
    fn a_theme_scores_its_points_as_a_share_of_the_most_it_could_get() {
        let def = test();
        assert_eq!(scores(&def, &[4, 4, 4, 0, 0, 0]), vec![100, 0]);
        assert_eq!(scores(&def, &[0, 0, 0, 4, 4, 4]), vec![0, 100]);
        // 5 of 12 = 41.67 → 42; 6 of 12 = 50.
        assert_eq!(scores(&def, &[1, 2, 2, 2, 2, 2]), vec![42, 50]);
        // Half a percent rounds up: 1 of 8 = 12.5 → 13.
        let mut two = def.clone();
        two.questions.truncate(2);
        two.themes.truncate(1);
        assert_eq!(scores(&two, &[1, 0]), vec![13]);
    }

    #[test]
    fn one_answer_may_score_several_themes_and_a_theme_without_points_scores_zero() {
        let mut def = test();
        def.questions[0].choices[4]
            .scores
            .insert("grenzen".into(), 6);
        // Grenzen: most = 6 + 4 + 4 + 4 = 18; got 6 + 0 = 6 → 33.
        assert_eq!(scores(&def, &[4, 0, 0, 0, 0, 0]), vec![33, 33]);
        def.themes.push(Theme {
            key: "energie".into(),
            name: "Energie".into(),
        });
        assert_eq!(scores(&def, &[4, 4, 4, 4, 4, 4])[2], 0);
    }

    #[test]
    fn answers_must_fit_the_questions() {
        let def = test();
        assert_eq!(
            theme_scores(&def, &[0, 0]).unwrap_err().0,
            "Beantwoord alle 6 vragen van de test."
        );
        assert_eq!(
            theme_scores(&def, &[0, 0, 5, 0, 0, 0]).unwrap_err().0,
            "Vraag 3: kies een van de antwoorden."
        );
        assert!(theme_scores(&def, &[0, 0, 0, -1, 0, 0]).is_err());
    }

    #[test]
    fn the_primary_profile_is_the_highest_scoring_themes() {
        let def = test();
        let ids = |answers: &[i64]| {
            let s = theme_scores(&def, answers).unwrap();
            matching_profiles(&def, &s)
                .iter()
                .map(|p| p.id.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(&[0, 0, 0, 4, 4, 4]), vec!["grenzen", "zelfbeeld-laag"]);
        assert_eq!(ids(&[4, 4, 4, 0, 0, 0]), vec!["zelfbeeld-hoog", "grenzen"]);
        // A tie goes to the theme that comes first in the test.
        assert_eq!(ids(&[2, 2, 2, 2, 2, 2]), vec!["zelfbeeld-hoog", "grenzen"]);
        // The boundaries are inclusive: 49 is low, 50 is high.
        assert_eq!(ids(&[2, 2, 2, 0, 0, 0])[0], "zelfbeeld-hoog");
    }
}
