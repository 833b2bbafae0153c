//! Issue 40, item 4: the exercises' HTTP API (docs/PROTOCOL.md,
//! "Exercises"). Grand Trictrac's answers are graded as the engine scores
//! (the library's lessons and levels, the same as `trictrac learn`'s),
//! backgammon's by the bot's ranking (`trictrac bg learn`'s quizzes); a
//! question never holds its answer; bad input is a 400 naming the fault.

mod common;

use std::net::SocketAddr;

use backgammon_bot::analysis::quiz::{self, Question, QuizOptions, Theme};
use common::{http_get, http_json, TempDir};
use serde_json::{json, Value};
use trictrac_bot::lessons::{self, Level, LESSONS};

async fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    let (code, body) = http_get(addr, path).await;
    let v = serde_json::from_str(&body).unwrap_or_else(|_| json!({ "raw": body }));
    (code, v)
}

async fn post(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    http_json(addr, "POST", path, &body.to_string()).await
}

/// No key of `v`, at any depth, names an answer.
fn no_answer_in(v: &Value) {
    let text = v.to_string();
    for k in [
        "\"answer\"",
        "\"jans\"",
        "mover_points",
        "\"note\"",
        "\"ranking\"",
        "\"equity\"",
        "\"loss\"",
        "\"rank\"",
        "\"action\"",
        "\"right\"",
        "\"win\"",
    ] {
        assert!(!text.contains(k), "the question holds {k}: {text}");
    }
}

async fn bad(addr: SocketAddr, method: &str, path: &str, body: &str, says: &str) {
    let (code, v) = http_json(addr, method, path, body).await;
    assert_eq!(code, 400, "{method} {path} {body}: {v}");
    let e = v["error"].as_str().unwrap_or_default();
    assert!(
        e.contains(says),
        "{method} {path} {body}: `{e}` should say `{says}`"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trictrac_lessons_and_levels_are_graded_as_the_engine_scores() {
    let dir = TempDir::new("learn-tt");
    let server = common::start(&dir.db_url()).await;
    let addr = server.addr();

    let (code, list) = get(addr, "/api/learn/trictrac/lessons").await;
    assert_eq!(code, 200, "{list}");
    let ls = list["lessons"].as_array().unwrap();
    assert_eq!(ls.len(), LESSONS.len());
    assert_eq!(ls[0]["title"]["fr"], LESSONS[0].title.fr);
    assert_eq!(ls[0]["title"]["en"], LESSONS[0].title.en);
    assert_eq!(list["levels"].as_array().unwrap().len(), Level::ALL.len());
    assert_eq!(list["levels"][0]["id"], "beginner");

    // Each lesson: its question without the answer; the right answer is
    // right, another wrong, both with the engine's full correction.
    for n in [1, 2, LESSONS.len()] {
        let lib = lessons::lesson(n).unwrap();
        let (code, q) = get(addr, &format!("/api/learn/trictrac/exercise?lesson={n}")).await;
        assert_eq!(code, 200, "{q}");
        no_answer_in(&q);
        assert_eq!(q["position"], lib.position);
        assert_eq!(q["dice"], lib.dice);
        assert_eq!(q["mover"], lib.mover);
        assert_eq!(q["lesson"], n);
        assert_eq!(q["board"].as_array().unwrap().len(), 24, "{q}");
        let checkers: i64 = q["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_i64().unwrap().abs())
            .sum();
        assert!(checkers > 0 && checkers <= 30, "{q}");
        assert!(q["question"]["fr"].as_str().unwrap().contains(&lib.dice));

        let a = &lib.answer;
        let (code, r) = post(
            addr,
            "/api/learn/trictrac/answer",
            &json!({"lesson": n, "mover": a.mover_points, "opponent": a.opponent_points}),
        )
        .await;
        assert_eq!(code, 200, "{r}");
        assert_eq!(r["right"], true, "{r}");
        assert_eq!(r["answer"], serde_json::to_value(a).unwrap());
        assert_eq!(r["note"]["fr"], lib.note.unwrap().fr);
        for (j, lj) in r["answer"]["jans"].as_array().unwrap().iter().zip(&a.jans) {
            assert_eq!(j["french"], lj.french);
            assert_eq!(j["rule"], lj.rule);
            assert_eq!(j["points"], lj.points);
            assert_eq!(j["ways"].as_array().unwrap().len(), lj.ways.len());
        }
        // The text form, wrong by a point.
        let wrong = format!("{} {}", a.mover_points + 1, a.opponent_points);
        let (code, r) = post(
            addr,
            "/api/learn/trictrac/answer",
            &json!({"lesson": n, "answer": wrong}),
        )
        .await;
        assert_eq!(code, 200, "{r}");
        assert_eq!(r["right"], false, "{r}");
        assert_eq!(r["given"]["mover"], a.mover_points + 1);
        assert_eq!(r["answer"], serde_json::to_value(a).unwrap());
    }
    // Lesson 1 is the three-roll jan: 4 points to White, as the article.
    let (_, r) = post(
        addr,
        "/api/learn/trictrac/answer",
        &json!({"lesson": 1, "answer": "4"}),
    )
    .await;
    assert_eq!(r["right"], true, "{r}");
    assert_eq!(r["answer"]["jans"][0]["rule"], "R-6.11", "{r}");

    // A level's exercise from a seed is the library's.
    let lib = lessons::generate(Level::Ways, 7, 1).remove(0);
    let (code, q) = get(addr, "/api/learn/trictrac/exercise?level=ways&seed=7").await;
    assert_eq!(code, 200, "{q}");
    no_answer_in(&q);
    assert_eq!(
        (q["position"].as_str(), q["dice"].as_str()),
        (Some(lib.position.as_str()), Some(lib.dice.as_str()))
    );
    assert_eq!(q["seed"], 7);
    assert_eq!(q["level"], "ways");
    let a = &lib.answer;
    let (code, r) = post(
        addr,
        "/api/learn/trictrac/answer",
        &json!({"level": "ways", "seed": 7, "answer": format!("{} {}", a.mover_points, a.opponent_points)}),
    )
    .await;
    assert_eq!(code, 200, "{r}");
    assert_eq!(r["right"], true, "{r}");
    assert!(
        r["answer"]["jans"]
            .as_array()
            .unwrap()
            .iter()
            .any(|j| j["ways"].as_array().unwrap().len() >= 2),
        "{r}"
    );
    let (_, r) = post(
        addr,
        "/api/learn/trictrac/answer",
        &json!({"level": "ways", "seed": "7", "mover": a.mover_points + 2}),
    )
    .await;
    assert_eq!(r["right"], false, "{r}");

    // Bad input: 400s that name the fault.
    let ex = "/api/learn/trictrac/exercise";
    let queries = [
        ("?lesson=0", "no lesson 0"),
        ("?lesson=99", "numbered 1 to"),
        ("?lesson=x", "no lesson"),
        ("?level=nope&seed=1", "unknown level"),
        ("?level=ways", "seed"),
        ("?level=ways&seed=-3", "seed"),
        ("?lesson=1&level=ways&seed=1", "not both"),
        ("", "ask for a lesson"),
    ];
    for (query, says) in queries {
        bad(addr, "GET", &format!("{ex}{query}"), "", says).await;
    }
    let bodies = [
        (r#"{"lesson": 1}"#, "give the answer"),
        (r#"{"lesson": 1, "answer": "four"}"#, "not an answer"),
        (r#"{"lesson": 1, "answer": ""}"#, "no answer"),
        (r#"{"lesson": 1, "mover": -1}"#, "mover"),
        (r#"{"lesson": 1, "mover": 4, "opponent": "x"}"#, "opponent"),
        (r#"{"mover": 4}"#, "ask for a lesson"),
        ("not json", "not JSON"),
        ("[1]", "JSON object"),
    ];
    for (body, says) in bodies {
        bad(addr, "POST", "/api/learn/trictrac/answer", body, says).await;
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backgammon_quizzes_are_graded_by_the_bots_ranking() {
    let dir = TempDir::new("learn-bg");
    let server = common::start(&dir.db_url()).await;
    let addr = server.addr();
    let net = backgammon_bot::default_net();
    let opts = |seed| QuizOptions {
        seed,
        count: 1,
        plies: trictrac_server::learn::backgammon::PLIES,
        margin: trictrac_server::learn::backgammon::MARGIN,
    };

    // Find the best play: the question, then the best and a worse play.
    let started = std::time::Instant::now();
    let (code, q) = get(addr, "/api/learn/backgammon/quiz?theme=opening&seed=5").await;
    eprintln!("an opening quiz made in {:?}", started.elapsed());
    assert_eq!(code, 200, "{q}");
    no_answer_in(&q);
    let lib = quiz::generate(&net, Theme::Opening, &opts(5)).remove(0);
    let Question::BestPlay { dice, plays } = &lib.question else {
        panic!("an opening quiz is a play")
    };
    assert_eq!(q["kind"], "best-play");
    assert_eq!(q["position_id"], lib.position_id);
    assert_eq!(q["roll"], dice.as_str());
    assert!(q["xgid"].as_str().unwrap().starts_with("XGID="), "{q}");
    assert_eq!(q["position"]["board"].as_array().unwrap().len(), 24);
    let names: Vec<&str> = q["plays"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["n"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), plays.len());
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(
        names, sorted,
        "the legal plays in the notation's order, not the ranking's"
    );

    let ans = "/api/learn/backgammon/answer";
    let best = plays[0].play.to_string();
    let (code, r) = post(
        addr,
        ans,
        &json!({"theme": "opening", "seed": 5, "play": best}),
    )
    .await;
    assert_eq!(code, 200, "{r}");
    assert_eq!(
        (
            r["right"].as_bool(),
            r["rank"].as_u64(),
            r["verdict"].as_str()
        ),
        (Some(true), Some(1), Some("best")),
        "{r}"
    );
    assert_eq!(r["loss"], 0.0);
    assert_eq!(r["ranking"][0]["n"], best.as_str());
    let worst = plays.last().unwrap();
    let (code, r) = post(
        addr,
        ans,
        &json!({"theme": "opening", "seed": 5, "play": worst.play.to_string()}),
    )
    .await;
    assert_eq!(code, 200, "{r}");
    assert_eq!(r["right"], false, "{r}");
    assert_eq!(r["rank"], plays.len());
    assert!(
        (r["loss"].as_f64().unwrap() - f64::from(worst.loss)).abs() < 1e-3,
        "{r}"
    );
    assert!(
        r["loss"].as_f64().unwrap() >= f64::from(trictrac_server::learn::backgammon::MARGIN) - 1e-3,
        "{r}"
    );
    assert_ne!(r["verdict"], "best");

    // A cube quiz: the bot's decision is right, the other is not.
    for theme in ["bearoff", "blitz", "priming"] {
        let started = std::time::Instant::now();
        let (code, q) = get(
            addr,
            &format!("/api/learn/backgammon/quiz?theme={theme}&seed=3"),
        )
        .await;
        eprintln!("a {theme} quiz made in {:?}", started.elapsed());
        assert_eq!(code, 200, "{q}");
        no_answer_in(&q);
        assert_eq!(q["theme"], theme);
    }
    let started = std::time::Instant::now();
    let (code, q) = get(addr, "/api/learn/backgammon/quiz?theme=cube&seed=2").await;
    eprintln!("a cube quiz made in {:?}", started.elapsed());
    assert_eq!(code, 200, "{q}");
    no_answer_in(&q);
    assert_eq!(q["kind"], "cube");
    assert!(q.get("plays").is_none() && q.get("dice").is_none(), "{q}");
    let lib = quiz::generate(&net, Theme::Cube, &opts(2)).remove(0);
    let Question::Cube { answer } = &lib.question else {
        panic!("a cube quiz")
    };
    assert_eq!(q["position_id"], lib.position_id);
    let (_, r) = post(
        addr,
        ans,
        &json!({"theme": "cube", "seed": 2, "double": answer.double, "take": answer.take}),
    )
    .await;
    assert_eq!(r["right"], true, "{r}");
    assert_eq!(r["cube"]["action"], answer.action.as_str());
    let (_, r) = post(
        addr,
        ans,
        &json!({"theme": "cube", "seed": 2, "double": !answer.double, "take": answer.take}),
    )
    .await;
    assert_eq!(r["right"], false, "{r}");
    assert!(r["double_loss"].as_f64().unwrap() > 0.0, "{r}");

    // Bad input.
    let bodies = [
        (r#"{"theme": "opening", "seed": 5, "play": "24/1"}"#, "24/1"),
        (
            r#"{"theme": "opening", "seed": 5, "play": "banana"}"#,
            "banana",
        ),
        (
            r#"{"theme": "opening", "seed": 5, "double": true, "take": true}"#,
            "asks for a play",
        ),
        (
            r#"{"theme": "cube", "seed": 2, "play": "8/5 6/5"}"#,
            "cube decision",
        ),
        (
            r#"{"theme": "cube", "seed": 2, "double": "yes", "take": true}"#,
            "true or false",
        ),
        (r#"{"theme": "opening", "seed": 5}"#, "give the answer"),
        (
            r#"{"theme": "chouette", "seed": 5, "play": "8/5"}"#,
            "unknown theme",
        ),
        (r#"{"theme": "opening", "play": "8/5"}"#, "seed"),
    ];
    for (body, says) in bodies {
        bad(addr, "POST", ans, body, says).await;
    }
    for (query, says) in [
        ("theme=opening", "seed"),
        ("seed=1", "theme"),
        ("theme=opening&seed=abc", "seed"),
    ] {
        bad(
            addr,
            "GET",
            &format!("/api/learn/backgammon/quiz?{query}"),
            "",
            says,
        )
        .await;
    }
    server.stop().await;
}

/// A registered player's progress is kept with his account (issue 40,
/// item 4); an anonymous one's only in his browser (401 to store it);
/// a progress that does not hold together is refused and changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn progress_is_kept_with_the_account() {
    let dir = TempDir::new("learn-progress");
    let server = common::start(&dir.db_url()).await;
    let addr = server.addr();
    let call = |method: &'static str, path: &'static str, body: String, cookie: String| async move {
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\n{cookie}Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let (code, head, text) = common::http_exchange(addr, &request).await;
        (
            code,
            serde_json::from_str::<Value>(&text).unwrap_or(Value::Null),
            head,
        )
    };
    // Anonymous: nothing kept on the server.
    let (code, v, _) = call("GET", "/api/learn/progress", String::new(), String::new()).await;
    assert_eq!((code, v["logged_in"].clone()), (200, json!(false)), "{v}");
    let mine = json!({"lessons": [1, 3], "levels": {"beginner": {"asked": 4, "right": 3, "lost": 0.0}}, "themes": {"opening": {"asked": 2, "right": 1, "lost": 0.25}}});
    let (code, _, _) = call(
        "PUT",
        "/api/learn/progress",
        mine.to_string(),
        String::new(),
    )
    .await;
    assert_eq!(code, 401);
    // Registered: stored and read back.
    let body = json!({"name": "Lea", "password": "a good password"}).to_string();
    let (code, _, head) = call("POST", "/api/accounts", body, String::new()).await;
    assert_eq!(code, 201);
    let session = head
        .lines()
        .filter_map(|l| l.split_once(':'))
        .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
        .map(|(_, v)| v.trim())
        .find(|v| v.starts_with("trictrac_session="))
        .and_then(|v| v.split(';').next())
        .expect("a session")
        .to_string();
    let cookie = format!("Cookie: {session}\r\n");
    let (code, v, _) = call("GET", "/api/learn/progress", String::new(), cookie.clone()).await;
    assert_eq!(
        (code, v["logged_in"].clone(), v["progress"].clone()),
        (200, json!(true), Value::Null)
    );
    let (code, v, _) = call(
        "PUT",
        "/api/learn/progress",
        mine.to_string(),
        cookie.clone(),
    )
    .await;
    assert_eq!(code, 200, "{v}");
    let (_, v, _) = call("GET", "/api/learn/progress", String::new(), cookie.clone()).await;
    assert_eq!(v["progress"], mine, "{v}");
    // More right than asked: refused, nothing changed.
    let wrong = json!({"lessons": [], "levels": {"x": {"asked": 1, "right": 2}}});
    let (code, v, _) = call(
        "PUT",
        "/api/learn/progress",
        wrong.to_string(),
        cookie.clone(),
    )
    .await;
    assert_eq!(code, 400, "{v}");
    let (code, _, _) = call(
        "PUT",
        "/api/learn/progress",
        "[1, 2]".into(),
        cookie.clone(),
    )
    .await;
    assert_eq!(code, 400);
    let (_, v, _) = call("GET", "/api/learn/progress", String::new(), cookie).await;
    assert_eq!(v["progress"], mine, "{v}");
    server.stop().await;
}
