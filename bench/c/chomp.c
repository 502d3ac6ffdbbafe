/*
 * chomp: Grundy values of every Chomp position inside a box, as a compiled baseline for
 * bench/bench_baselines.py.  Part of the grundy project; written for it.
 *
 *   chomp HEIGHT WIDTH OUT [RECTANGLES]
 *
 * A position is a Young diagram of at most HEIGHT rows of at most WIDTH squares, stored
 * as its rank among all such diagrams in lexicographic order of the row lengths (the
 * same rank as src/grundy/solve/chomp_engine.py, so the two value arrays can be compared
 * byte for byte).  A bite only shortens rows, so every option has a smaller rank and one
 * pass in rank order values everything.  OUT receives the values as little-endian
 * uint16 ("-" for none).  Prints the time, the value of the full board and its winning
 * bites (row, column, 0-based; the poisoned square is 0,0); with RECTANGLES = 1, the
 * value and winning bites of every a x b board inside the box as well.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int height, width;
static int64_t weight[32][33]; /* weight[i][x]: what row i of length x adds to the rank */

static int64_t binomial(int n, int k) {
    int64_t result = 1;
    for (int i = 1; i <= k; i++) result = result * (n - k + i) / i;
    return result;
}

static int64_t rank_of(const int *rows) {
    int64_t rank = 0;
    for (int i = 0; i < height; i++) rank += weight[i][rows[i]];
    return rank;
}

static uint16_t *grundy;

/* The winning bites of the diagram `rows` (those leading to value 0), printed. */
static void print_winning_bites(const int *rows) {
    int64_t rank = rank_of(rows);
    int printed = 0;
    for (int c = 0; c < width; c++) {
        int longer = 0;
        while (longer < height && rows[longer] > c) longer++;
        int64_t delta = 0;
        for (int r = longer - 1; r >= 0; r--) {
            delta += weight[r][rows[r]] - weight[r][c];
            if (r == 0 && c == 0) continue;
            if (grundy[rank - delta] == 0) {
                printf("%s%d,%d", printed ? " " : "", r, c);
                printed = 1;
            }
        }
    }
    if (!printed) printf("none");
}

int main(int argc, char **argv) {
    if (argc < 4 || argc > 5) {
        fprintf(stderr, "usage: chomp HEIGHT WIDTH OUT [RECTANGLES]\n");
        return 2;
    }
    height = atoi(argv[1]);
    width = atoi(argv[2]);
    if (height < 1 || width < 1 || height > 31 || width > 32) {
        fprintf(stderr, "chomp: bad box %s x %s\n", argv[1], argv[2]);
        return 2;
    }
    for (int i = 0; i < height; i++) {
        int rest = height - i - 1;
        weight[i][0] = 0;
        for (int x = 0; x < width; x++) weight[i][x + 1] = weight[i][x] + binomial(rest + x, rest);
    }
    int64_t count = binomial(height + width, height);
    grundy = calloc((size_t)count, sizeof *grundy);
    int seen_size = 4096;
    int64_t *seen = calloc((size_t)seen_size, sizeof *seen); /* seen[v] == rank + 1: v is an option */
    int rows[32] = {0};
    struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    for (int64_t rank = 0; rank < count; rank++) {
        /* options: a bite at (r, c) cuts rows r .. longer-1 down to c */
        for (int c = 0; c < width; c++) {
            int longer = 0;
            while (longer < height && rows[longer] > c) longer++;
            int64_t delta = 0;
            for (int r = longer - 1; r >= 0; r--) {
                delta += weight[r][rows[r]] - weight[r][c];
                if (r == 0 && c == 0) continue; /* the poisoned square */
                uint16_t value = grundy[rank - delta];
                if (value >= seen_size) {
                    seen = realloc(seen, sizeof *seen * (size_t)(2 * seen_size));
                    memset(seen + seen_size, 0, sizeof *seen * (size_t)seen_size);
                    seen_size *= 2;
                }
                seen[value] = rank + 1;
            }
        }
        int value = 0;
        while (value < seen_size && seen[value] == rank + 1) value++;
        grundy[rank] = (uint16_t)value;
        /* the next diagram in lexicographic order */
        int i = height - 1;
        while (i >= 0 && rows[i] == (i == 0 ? width : rows[i - 1])) i--;
        if (i < 0) break;
        rows[i]++;
        for (int j = i + 1; j < height; j++) rows[j] = 0;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    if (strcmp(argv[3], "-") != 0) {
        FILE *out = fopen(argv[3], "wb");
        if (!out || fwrite(grundy, sizeof *grundy, (size_t)count, out) != (size_t)count) {
            fprintf(stderr, "chomp: cannot write %s\n", argv[3]);
            return 1;
        }
        fclose(out);
    }
    for (int i = 0; i < height; i++) rows[i] = width;
    printf("seconds=%.6f cpu=%.6f diagrams=%lld grundy=%d bites=",
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec),
           (double)(c1.tv_sec - c0.tv_sec) + 1e-9 * (double)(c1.tv_nsec - c0.tv_nsec),
           (long long)count, grundy[rank_of(rows)]);
    print_winning_bites(rows);
    printf("\n");
    if (argc == 5 && atoi(argv[4]) == 1) {
        for (int a = 1; a <= height; a++) {
            for (int b = 1; b <= width; b++) {
                for (int i = 0; i < height; i++) rows[i] = i < a ? b : 0;
                printf("%dx%d grundy=%d bites=", a, b, grundy[rank_of(rows)]);
                print_winning_bites(rows);
                printf("\n");
            }
        }
    }
    free(seen);
    free(grundy);
    return 0;
}
