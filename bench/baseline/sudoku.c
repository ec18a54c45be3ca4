/*
 * sudoku: a specialised Sudoku solver, the baseline of the csp benchmark.
 *
 *   sudoku [-u] [-t SECONDS] [-b RxC] [FILE]
 *
 * Reads one puzzle per line (FILE or standard input): N*N characters for an
 * N x N grid, row by row, '1'-'9' then 'A'-'Z' for 10 and up, '.' or '0'
 * for a blank.  N is 4, 9, 16 or 25 (blocks sqrt(N) x sqrt(N)) unless -b
 * gives the block shape.  Prints one line per puzzle, in order: the
 * solution in the same form, "no solution", or "timeout".  Statistics go
 * to stderr: puzzles, solved, nodes.
 *
 * The search: the candidates of a cell are a bit mask (the digits missing
 * from its row, column and block, kept as three masks of used digits per
 * unit).  Each node takes the empty cell with the fewest candidates (ties:
 * the first in row order), fails on a cell with none, and tries its
 * candidates in ascending order.  With -u, each node first applies the
 * "only one place left for a digit in a unit" rule: a digit that has no
 * place left in some row, column or block fails the node, and a digit
 * with a single place is placed there as the only branch.
 *
 * -t gives each puzzle a time limit (checked every 4096 nodes).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 36

static int N, R, C, NN, unitrule;
static uint64_t fullmask;
static int cellrow[MAXN * MAXN], cellcol[MAXN * MAXN], cellbox[MAXN * MAXN];
static int units[3 * MAXN][MAXN];       /* cells of each row, column, block */
static uint64_t used[3 * MAXN];          /* digits placed in each unit */
static int grid[MAXN * MAXN];            /* 0 blank, else 1..N */
static int empty[MAXN * MAXN], nempty;  /* empty cells, unordered */
static uint64_t nodes, puzzlenodes;
static double limit;
static struct timespec start;
static int timedout;

static inline uint64_t cand(int i)
{
    return fullmask & ~(used[cellrow[i]] | used[N + cellcol[i]] | used[2 * N + cellbox[i]]);
}

static inline void set(int i, int d)
{
    uint64_t b = 1ULL << (d - 1);
    grid[i] = d;
    used[cellrow[i]] |= b;
    used[N + cellcol[i]] |= b;
    used[2 * N + cellbox[i]] |= b;
}

static inline void unset(int i)
{
    uint64_t b = ~(1ULL << (grid[i] - 1));
    grid[i] = 0;
    used[cellrow[i]] &= b;
    used[N + cellcol[i]] &= b;
    used[2 * N + cellbox[i]] &= b;
}

static double elapsed(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - start.tv_sec) + (now.tv_nsec - start.tv_nsec) / 1e9;
}

/* try digit d in the empty cell at position k of empty[] */
static int solve(void);

static int branch(int k, int d)
{
    int i = empty[k];
    nodes++;
    if (limit > 0 && (++puzzlenodes & 4095) == 0 && elapsed() > limit)
        timedout = 1;
    if (timedout)
        return 0;
    empty[k] = empty[--nempty];
    set(i, d);
    if (solve())
        return 1;
    unset(i);
    empty[nempty++] = empty[k];
    empty[k] = i;
    return 0;
}

static int solve(void)
{
    if (nempty == 0)
        return 1;
    int best = -1, bestn = 99;
    uint64_t bestc = 0;
    for (int k = 0; k < nempty; k++) {
        uint64_t c = cand(empty[k]);
        int n = __builtin_popcountll(c);
        if (n < bestn || (n == bestn && empty[k] < empty[best])) {
            if (n == 0)
                return 0;
            best = k;
            bestn = n;
            bestc = c;
        }
    }
    if (unitrule && bestn > 1) {
        for (int u = 0; u < 3 * N; u++) {
            uint64_t once = 0, twice = 0;
            for (int j = 0; j < N; j++) {
                int i = units[u][j];
                if (grid[i])
                    continue;
                uint64_t c = cand(i);
                twice |= once & c;
                once |= c;
            }
            if ((once | used[u]) != fullmask)
                return 0;                 /* a digit with no place left */
            uint64_t single = once & ~twice;
            if (single) {
                int d = __builtin_ctzll(single) + 1;
                for (int j = 0; j < N; j++) {
                    int i = units[u][j];
                    if (!grid[i] && (cand(i) & (single & -single))) {
                        for (int k = 0; k < nempty; k++)
                            if (empty[k] == i)
                                return branch(k, d);
                    }
                }
            }
        }
    }
    while (bestc) {
        int d = __builtin_ctzll(bestc) + 1;
        bestc &= bestc - 1;
        if (branch(best, d))
            return 1;
        if (timedout)
            return 0;
    }
    return 0;
}

static int symbol(char ch)
{
    if (ch == '.' || ch == '0')
        return 0;
    if (ch >= '1' && ch <= '9')
        return ch - '0';
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 10;
    return -1;
}

static char glyph(int d) { return d <= 9 ? '0' + d : 'A' + d - 10; }

static int setup(int n)
{
    if (n < 1 || n > MAXN)
        return 0;
    if (R == 0) {
        int r = 1;
        while ((r + 1) * (r + 1) <= n)
            r++;
        if (r * r != n)
            return 0;
        R = C = r;
    }
    if (R * C != n)
        return 0;
    N = n;
    NN = n * n;
    fullmask = n == 64 ? ~0ULL : (1ULL << n) - 1;
    int fill[3 * MAXN] = {0};
    for (int i = 0; i < NN; i++) {
        int r = i / N, c = i % N, b = (r / R) * (N / C) + c / C;
        cellrow[i] = r;
        cellcol[i] = c;
        cellbox[i] = b;
        units[r][fill[r]++] = i;
        units[N + c][fill[N + c]++] = i;
        units[2 * N + b][fill[2 * N + b]++] = i;
    }
    return 1;
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "-u") == 0)
            unitrule = 1;
        else if (strcmp(argv[a], "-t") == 0 && a + 1 < argc)
            limit = atof(argv[++a]);
        else if (strcmp(argv[a], "-b") == 0 && a + 1 < argc) {
            if (sscanf(argv[++a], "%dx%d", &R, &C) != 2)
                R = C = 0;
        } else if (argv[a][0] == '-' && argv[a][1]) {
            fprintf(stderr, "usage: sudoku [-u] [-t SECONDS] [-b RxC] [FILE]\n");
            return 2;
        } else
            path = argv[a];
    }
    FILE *in = stdin;
    if (path && strcmp(path, "-") != 0 && !(in = fopen(path, "r"))) {
        perror(path);
        return 2;
    }
    static char line[8192];
    long puzzles = 0, solved = 0;
    char out[MAXN * MAXN + 2];
    while (fgets(line, sizeof line, in)) {
        size_t len = strcspn(line, "\r\n");
        line[len] = 0;
        if (len == 0)
            continue;
        puzzles++;
        if (N == 0) {
            int n = 1;
            while ((size_t)(n * n) < len)
                n++;
            if ((size_t)(n * n) != len || !setup(n)) {
                fprintf(stderr, "sudoku: line %ld: %zu characters is not a grid size\n", puzzles, len);
                return 2;
            }
        }
        if ((int)len != NN) {
            printf("bad line: %zu characters, want %d\n", len, NN);
            continue;
        }
        memset(used, 0, sizeof used);
        nempty = 0;
        int bad = 0;
        for (int i = 0; i < NN; i++) {
            int d = symbol(line[i]);
            if (d < 0 || d > N) {
                bad = 1;
                break;
            }
            grid[i] = 0;
            if (d == 0)
                empty[nempty++] = i;
            else if (cand(i) & (1ULL << (d - 1)))
                set(i, d);
            else
                bad = 1;   /* a given clashes with another: no solution */
        }
        timedout = 0;
        puzzlenodes = 0;
        clock_gettime(CLOCK_MONOTONIC, &start);
        if (!bad && solve()) {
            for (int i = 0; i < NN; i++)
                out[i] = glyph(grid[i]);
            out[NN] = 0;
            puts(out);
            solved++;
        } else if (timedout)
            puts("timeout");
        else
            puts("no solution");
    }
    fprintf(stderr, "puzzles %ld\nsolved %ld\nnodes %llu\n", puzzles, solved, (unsigned long long)nodes);
    return 0;
}
