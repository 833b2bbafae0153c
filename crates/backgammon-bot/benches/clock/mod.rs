//! The CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`), for
//! the `thinking` bench and the `think_time` example alike: on the
//! shared machine the time spent waiting for a core is not counted.

/// The CPU time of the calling thread, in nanoseconds.
pub fn thread_cpu_ns() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `clock_gettime` writes one `timespec` into `t`, a valid,
    // writable local; CLOCK_THREAD_CPUTIME_ID is supported by Linux.
    #[allow(unsafe_code)]
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(r, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    t.tv_sec as f64 * 1e9 + t.tv_nsec as f64
}
