//! The tests of `net.rs` (kept apart: the module's source stays under
//! 700 lines).

use super::*;

const M: &[u8; 4] = b"TEST";

#[test]
fn a_model_round_trips_through_bytes_in_both_versions() {
    for outputs in [1, 5] {
        let mut n = Net::new(20, 8, outputs, 3);
        n.info.games = 17;
        n.info.lambda = 0.7;
        let b = n.to_bytes(M);
        let m = Net::from_bytes(&b, M, "test", 20, outputs).unwrap();
        assert_eq!(n, m);
        assert!(Net::from_bytes(&b[..100], M, "test", 20, outputs).is_err());
        assert!(Net::from_bytes(&b, b"XXXX", "test", 20, outputs).is_err());
        assert!(Net::from_bytes(&b, M, "test", 21, outputs).is_err());
        assert!(Net::from_bytes(&b, M, "test", 20, outputs + 1).is_err());
        let mut long = b.clone();
        long.push(0);
        assert!(Net::from_bytes(&long, M, "test", 20, outputs).is_err());
    }
    assert!(Net::from_bytes(b"hello", M, "test", 20, 1).is_err());
}

#[test]
fn learning_moves_each_output_towards_its_target() {
    let mut n = Net::new(300, 16, 3, 1);
    let mut f = Features::default();
    f.push(0, 1.0);
    f.push(5, 0.5);
    f.push(250, 1.0);
    let before = n.eval(&f);
    for _ in 0..100 {
        n.learn(&f, &[1.0, 0.0, 0.5], 0.1);
    }
    let after = n.eval(&f);
    assert!(after[0] > before[0] + 0.1);
    assert!(after[1] < before[1] - 0.1);
    assert!((after[2] - 0.5).abs() < (before[2] - 0.5).abs() + 1e-3);
    assert_eq!(after[3], 0.0);
}

/// The plain loops the forward pass replaced (issue 22, item 5).
fn plain_eval(n: &Net, f: &Features) -> Outputs {
    let h_n = n.hidden;
    let mut h = n.b1.clone();
    for (&i, &v) in f.idx.iter().zip(&f.val) {
        let i = i as usize;
        if i >= n.inputs {
            continue;
        }
        let row = &n.w1[i * h_n..(i + 1) * h_n];
        for (a, w) in h.iter_mut().zip(row) {
            if v == 1.0 {
                *a += w;
            } else {
                *a += v * w;
            }
        }
    }
    for a in h.iter_mut() {
        *a = sigmoid(*a);
    }
    let mut out = [0.0f32; MAX_OUTPUTS];
    for (k, o) in out[..n.outputs].iter_mut().enumerate() {
        let mut z = n.b2[k];
        for (a, w) in h.iter().zip(&n.w2[k * h_n..(k + 1) * h_n]) {
            z += a * w;
        }
        *o = sigmoid(z);
    }
    out
}

#[test]
fn the_forward_pass_gives_the_bits_of_plain_loops() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for (hidden, outputs) in [
        (96, 5),
        (128, 5),
        (40, 3),
        (40, 5),
        (32, 5),
        (64, 5),
        (7, 1),
        (256, 8),
    ] {
        let mut n = Net::new(200, hidden, outputs, hidden as u64);
        // Larger weights than the initial ones, as a trained net has.
        for w in n.w1.iter_mut() {
            *w *= 20.0;
        }
        for _ in 0..50 {
            let mut f = Features::default();
            for i in 0..200 {
                if rng.gen_range(0..4) == 0 {
                    let v = if rng.gen_range(0..3) == 0 {
                        rng.gen_range(0.0..2.0)
                    } else {
                        1.0
                    };
                    f.push(i, v);
                }
            }
            f.push(250, 1.0);
            let a = n.eval(&f);
            let b = plain_eval(&n, &f);
            assert_eq!(a.map(f32::to_bits), b.map(f32::to_bits), "{hidden} hidden");
            // Every instruction set's version, whichever this processor
            // runs, gives those bits.
            let mut h = [0.0f32; MAX_HIDDEN];
            let sse = n.forward_blocks::<16, false>(n.pass(&f), &mut h);
            assert_eq!(sse.map(f32::to_bits), b.map(f32::to_bits), "SSE2");
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                #[allow(unsafe_code)]
                // SAFETY: AVX2 was just detected.
                let avx2 = unsafe { n.forward_avx2::<false>(n.pass(&f), &mut h) };
                assert_eq!(avx2.map(f32::to_bits), b.map(f32::to_bits), "AVX2");
            }
            // The fast logistic moves the outputs by about 10⁻⁷ at most.
            let fast = n.eval_fast(&f);
            for k in 0..outputs {
                assert!((fast[k] - a[k]).abs() < 1e-6, "{} {}", fast[k], a[k]);
            }
            // Training keeps the transposed output weights in step.
            n.learn(
                &f,
                &[1.0, 0.0, 0.3, 0.0, 1.0, 0.5, 0.2, 0.9][..outputs],
                0.1,
            );
        }
        let (w, b) = n.output_weights(0);
        let w: Vec<f32> = w.iter().map(|x| x * 0.5).collect();
        n.set_output_weights(0, &w, b + 0.1);
        let mut f = Features::default();
        f.push(3, 1.0);
        assert_eq!(
            n.eval(&f).map(f32::to_bits),
            plain_eval(&n, &f).map(f32::to_bits)
        );
    }
}

#[test]
fn inputs_out_of_range_are_ignored() {
    let n = Net::new(4, 4, 1, 1);
    let mut f = Features::default();
    f.push(2, 1.0);
    let a = n.eval(&f);
    f.push(9, 1.0);
    assert_eq!(n.eval(&f), a);
}
