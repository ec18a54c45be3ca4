/*
 * queens: a specialised N-queens solver, the baseline of the csp benchmark.
 *
 *   queens N           count all solutions (bitmask backtracking, N <= 32)
 *   queens -first N    print the first solution found by first-fail search
 *   queens -mc N       print a solution found by local search (min-conflicts)
 *
 * Counting uses the classic three-mask recursion: one bit per row taken,
 * and one per rising and falling diagonal seen from the current column,
 * shifted by one at each step.  No symmetry is used, so the search visits
 * the same tree as a plain constraint model with the columns in order.
 *
 * -first uses the search of the constraint models it is compared with:
 * one variable per column, its domain the set of free rows (a bit set of
 * N bits), forward checking after each placement, the column with the
 * smallest domain first (ties: the lowest column), rows in ascending order.
 * Domains are bit sets with a cached size; removals go on a trail and are
 * undone on backtracking, so a node costs O(N).
 *
 * -mc is what a specialised program does for large N: keep a permutation
 * (rows all distinct), place the columns greedily on free diagonals in a
 * random order, then repair the few remaining diagonal collisions by
 * swapping two columns when that lowers the number of collisions.  The
 * random generator has a fixed seed, so runs are repeatable.  Linear time
 * in practice.
 *
 * Output: the count, or the rows of the queens in columns 1..N on one line
 * (1-based).  "nodes K" goes to stderr.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t nodes;

/* ---- counting ---- */

static uint32_t full;

static uint64_t count(uint32_t cols, uint32_t ld, uint32_t rd)
{
    if (cols == full)
        return 1;
    uint64_t n = 0;
    uint32_t avail = full & ~(cols | ld | rd);
    while (avail) {
        uint32_t bit = avail & -avail;
        avail ^= bit;
        nodes++;
        n += count(cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
    }
    return n;
}

/* ---- first solution, first-fail ---- */

static int n, words;
static uint64_t *dom;   /* n columns x words */
static int *size;       /* free rows per column */
static int *row;        /* row of the queen in a column, -1 if none */
static int *trail;      /* removed (column * n + row), grown on demand */
static size_t ntrail, captrail;

static inline int has(int c, int r) { return (dom[(size_t)c * words + (r >> 6)] >> (r & 63)) & 1; }

static inline void drop(int c, int r)
{
    if (r < 0 || r >= n || !has(c, r))
        return;
    dom[(size_t)c * words + (r >> 6)] &= ~(1ULL << (r & 63));
    size[c]--;
    if (ntrail == captrail) {
        captrail = captrail ? 2 * captrail : 1024;
        trail = realloc(trail, captrail * sizeof *trail);
        if (!trail) {
            fprintf(stderr, "queens: out of memory\n");
            exit(2);
        }
    }
    trail[ntrail++] = c * n + r;
}

static void undo(size_t mark)
{
    while (ntrail > mark) {
        int e = trail[--ntrail];
        int c = e / n, r = e % n;
        dom[(size_t)c * words + (r >> 6)] |= 1ULL << (r & 63);
        size[c]++;
    }
}

/* place a queen at (c, r); returns 0 if some free column is left empty */
static int place(int c, int r)
{
    int ok = 1;
    row[c] = r;
    for (int d = 0; d < n; d++) {
        if (row[d] >= 0)
            continue;
        int k = d > c ? d - c : c - d;
        drop(d, r);
        drop(d, r + k);
        drop(d, r - k);
        if (size[d] == 0)
            ok = 0;
    }
    return ok;
}

static int first(int placed)
{
    if (placed == n)
        return 1;
    int best = -1, bs = n + 1;
    for (int c = 0; c < n; c++)
        if (row[c] < 0 && size[c] < bs) {
            bs = size[c];
            best = c;
            if (bs <= 1)
                break;
        }
    const uint64_t *w = dom + (size_t)best * words;
    for (int i = 0; i < words; i++) {
        uint64_t m = w[i];
        while (m) {
            int r = i * 64 + __builtin_ctzll(m);
            m &= m - 1;
            nodes++;
            size_t mark = ntrail;
            if (place(best, r) && first(placed + 1))
                return 1;
            undo(mark);
            row[best] = -1;
        }
    }
    return 0;
}

/* ---- min-conflicts local search over permutations ---- */

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static inline uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static inline int below(int k) { return (int)(next() % (uint64_t)k); }

static int *q, *up, *down;     /* row per column; queens per diagonal */
static long collisions;

static inline void put(int c)
{
    if (up[q[c] + c]++ > 0) collisions++;
    if (down[q[c] - c + n - 1]++ > 0) collisions++;
}

static inline void take(int c)
{
    if (--up[q[c] + c] > 0) collisions--;
    if (--down[q[c] - c + n - 1] > 0) collisions--;
}

static inline int attacked(int c) { return up[q[c] + c] > 1 || down[q[c] - c + n - 1] > 1; }

static int minconflicts(void)
{
    q = malloc(n * sizeof *q);
    up = malloc(2 * n * sizeof *up);
    down = malloc(2 * n * sizeof *down);
    if (!q || !up || !down)
        return 0;
    for (int attempt = 0; attempt < 1000; attempt++) {
        memset(up, 0, 2 * n * sizeof *up);
        memset(down, 0, 2 * n * sizeof *down);
        collisions = 0;
        for (int c = 0; c < n; c++)
            q[c] = c;
        /* greedy: each column takes a random remaining row on free diagonals */
        for (int c = 0; c < n; c++) {
            int pick = c + below(n - c);
            for (int t = 0; t < 64; t++) {
                int j = c + below(n - c);
                if (up[q[j] + c] == 0 && down[q[j] - c + n - 1] == 0) {
                    pick = j;
                    break;
                }
            }
            int tmp = q[c]; q[c] = q[pick]; q[pick] = tmp;
            put(c);
            nodes++;
        }
        /* repair by swaps that lower the collisions */
        long limit = 50L * n + 1000;
        for (long step = 0; collisions > 0 && step < limit; step++) {
            int i = below(n);
            if (!attacked(i))
                continue;
            int j = below(n);
            if (j == i)
                continue;
            long before = collisions;
            take(i); take(j);
            int tmp = q[i]; q[i] = q[j]; q[j] = tmp;
            put(i); put(j);
            nodes++;
            if (collisions >= before) {
                take(i); take(j);
                tmp = q[i]; q[i] = q[j]; q[j] = tmp;
                put(i); put(j);
            }
        }
        if (collisions == 0)
            return 1;
    }
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: queens N | queens -first N | queens -mc N\n");
    return 2;
}

int main(int argc, char **argv)
{
    int firstmode = 0;
    if (argc == 3 && strcmp(argv[1], "-first") == 0)
        firstmode = 1;
    else if (argc == 3 && strcmp(argv[1], "-mc") == 0)
        firstmode = 2;
    else if (argc != 2)
        return usage();
    n = atoi(argv[argc - 1]);
    if (n < 1 || (firstmode == 1 && n > 46340))
        return usage();
    if (!firstmode) {
        if (n > 32) {
            fprintf(stderr, "queens: counting needs N <= 32\n");
            return 2;
        }
        full = n == 32 ? 0xffffffffu : (1u << n) - 1;
        printf("%llu\n", (unsigned long long)count(0, 0, 0));
        fprintf(stderr, "nodes %llu\n", (unsigned long long)nodes);
        return 0;
    }
    if (firstmode == 2) {
        if (n == 2 || n == 3 || !minconflicts()) {
            printf("no solution\n");
            return 1;
        }
        for (int c = 0; c < n; c++)
            printf(c ? " %d" : "%d", q[c] + 1);
        printf("\n");
        fprintf(stderr, "nodes %llu\n", (unsigned long long)nodes);
        return 0;
    }
    words = (n + 63) / 64;
    dom = calloc((size_t)n * words, sizeof *dom);
    size = malloc(n * sizeof *size);
    row = malloc(n * sizeof *row);
    if (!dom || !size || !row) {
        fprintf(stderr, "queens: out of memory\n");
        return 2;
    }
    for (int c = 0; c < n; c++) {
        for (int r = 0; r < n; r++)
            dom[(size_t)c * words + (r >> 6)] |= 1ULL << (r & 63);
        size[c] = n;
        row[c] = -1;
    }
    if (!first(0)) {
        printf("no solution\n");
        fprintf(stderr, "nodes %llu\n", (unsigned long long)nodes);
        return 1;
    }
    for (int c = 0; c < n; c++)
        printf(c ? " %d" : "%d", row[c] + 1);
    printf("\n");
    fprintf(stderr, "nodes %llu\n", (unsigned long long)nodes);
    return 0;
}
