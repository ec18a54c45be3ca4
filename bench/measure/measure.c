/*
 * measure: run a command and report its wall time, CPU time and peak
 * memory, for the csp benchmark runner (bench/run).
 *
 *   measure REPORT COMMAND [ARG...]
 *
 * Runs COMMAND with the same standard input, output and error, waits for
 * it, and writes one line to the file REPORT:
 *
 *   wall_ns user_ns sys_ns maxrss_kb status
 *
 * status is the exit status, or 128 + the signal that killed it; measure
 * exits with it too.  maxrss is ru_maxrss from wait4: the largest resident
 * set of COMMAND and of the children it waited for.
 *
 * Why a helper: a Go program starts a process by cloning itself with a
 * shared address space, and the kernel carries the parent's peak RSS over
 * the exec, so rusage seen from the Go runner never drops below the
 * runner's own RSS (about 20 MB).  Forked from this small program, the
 * command starts from about 1 MB.  The wall time is taken around fork and
 * wait here, so the helper's own start-up is not counted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: measure REPORT COMMAND [ARG...]\n");
        return 125;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid < 0) {
        perror("measure: fork");
        return 125;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    int status;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0)
        ;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long long wall = (t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
    long long user = ru.ru_utime.tv_sec * 1000000000LL + ru.ru_utime.tv_usec * 1000LL;
    long long sys = ru.ru_stime.tv_sec * 1000000000LL + ru.ru_stime.tv_usec * 1000LL;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    FILE *f = fopen(argv[1], "w");
    if (f) {
        fprintf(f, "%lld %lld %lld %ld %d\n", wall, user, sys, ru.ru_maxrss, code);
        fclose(f);
    }
    return code;
}
