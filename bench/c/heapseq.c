/*
 * heapseq: Grundy values G(0..N) of a take-and-break heap game, as a compiled baseline
 * for bench/bench_baselines.py.  Part of the grundy project; written for it.
 *
 *   heapseq MODE N TAKE_ALL LEAVE_ONE SPLIT_TWO UNEQUAL OUT
 *
 * MODE is "naive" (the mex over every option, O(N^2) for games that split heaps) or
 * "sparse" (the rare/common method of Winning Ways, ch. 4, as in
 * src/grundy/solve/heap_sequences.py).  TAKE_ALL, LEAVE_ONE and SPLIT_TWO are
 * comma-separated numbers of tokens removed (or "-" for none): a heap of exactly k may
 * be removed, removing k may leave one heap, removing k may leave two heaps.  UNEQUAL is 1
 * when two-heap splits must be unequal (Grundy's game).  OUT is a file that receives
 * the values as little-endian int32 ("-" for none).  Prints one line:
 * "seconds=<compute time> max=<largest value> rare=<rare heaps at the end>".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_TAKES 64
#define MASK_BITS 10
#define SAMPLE 4096
#define FIRST_CHECKPOINT 64

typedef struct {
    int count;
    int take[MAX_TAKES];
} TakeSet;

static TakeSet take_all, leave_one, split_two;
static int unequal;

static void parse_set(const char *text, TakeSet *set) {
    set->count = 0;
    if (strcmp(text, "-") == 0) return;
    const char *p = text;
    while (*p) {
        char *end;
        long k = strtol(p, &end, 10);
        if (end == p || set->count == MAX_TAKES) {
            fprintf(stderr, "heapseq: bad take list %s\n", text);
            exit(2);
        }
        set->take[set->count++] = (int)k;
        p = *end == ',' ? end + 1 : end;
    }
}

static int contains(const TakeSet *set, int k) {
    for (int i = 0; i < set->count; i++)
        if (set->take[i] == k) return 1;
    return 0;
}

/* seen[v] == stamp marks value v as an option of the current heap (no clearing). */
static int32_t *seen;
static int seen_size;
static int32_t stamp;

static void mark(int32_t value) {
    if (value >= seen_size) {
        int size = seen_size;
        while (size <= value) size *= 2;
        seen = realloc(seen, sizeof *seen * (size_t)size);
        memset(seen + seen_size, 0, sizeof *seen * (size_t)(size - seen_size));
        seen_size = size;
    }
    seen[value] = stamp;
}

static int is_seen(int32_t value) { return value < seen_size && seen[value] == stamp; }

static int last_small_part(int rest) { return unequal ? (rest - 1) / 2 : rest / 2; }

static void single_heap_options(const int32_t *g, int heap) {
    if (contains(&take_all, heap)) mark(0);
    for (int i = 0; i < leave_one.count; i++)
        if (heap - leave_one.take[i] >= 1) mark(g[heap - leave_one.take[i]]);
}

static void naive(int32_t *g, int upto) {
    g[0] = 0;
    for (int heap = 1; heap <= upto; heap++) {
        stamp++;
        single_heap_options(g, heap);
        for (int i = 0; i < split_two.count; i++) {
            int rest = heap - split_two.take[i];
            int last = last_small_part(rest);
            for (int part = 1; part <= last; part++) mark(g[part] ^ g[rest - part]);
        }
        int value = 0;
        while (is_seen(value)) value++;
        g[heap] = value;
    }
}

/* Classes: heap a is rare when (parity(G(a) & mask) ^ (domain & a)) == rare_label. */
static int mask, domain_bit, rare_label;

static inline int parity(unsigned x) { return __builtin_parity(x); }

/* The mask (and heap-parity flag) with the fewest rare heaps among 1..upto (ties: the
   fewest among the last SAMPLE, then the smaller mask and domain 0), from histograms of
   the low MASK_BITS bits of the values, as in src/grundy/solve/sequence_kernels.py. */
static void choose_classes(const uint16_t *g, int upto, int split_parity) {
    int recent = upto + 1 - SAMPLE > 1 ? upto + 1 - SAMPLE : 1;
    int top = 0;
    for (int a = 0; a <= upto; a++)
        if (g[a] > top) top = g[a];
    int bits = 1;
    while ((1 << bits) <= top && bits < MASK_BITS) bits++;
    static long counts[2][2][1 << MASK_BITS];
    memset(counts, 0, sizeof counts);
    for (int a = 1; a <= upto; a++) {
        counts[0][a & 1][g[a] & ((1 << MASK_BITS) - 1)]++;
        if (a >= recent) counts[1][a & 1][g[a] & ((1 << MASK_BITS) - 1)]++;
    }
    long best[2] = {-1, -1};
    for (int m = 1; m < (1 << bits); m++) {
        for (int d = 0; d < (split_parity >= 0 ? 2 : 1); d++) {
            int r = d ? split_parity : 0;
            long score[2];
            for (int part = 0; part < 2; part++) {
                long total = 0;
                for (int low = 0; low < (1 << bits); low++) {
                    int p = parity((unsigned)(low & m));
                    long even = counts[part][0][low], odd = counts[part][1][low];
                    if (p == r) total += d ? even : even + odd;
                    if (d && (p ^ 1) == r) total += odd;
                }
                score[part] = total;
            }
            if (best[0] < 0 || score[0] < best[0] || (score[0] == best[0] && score[1] < best[1])) {
                best[0] = score[0];
                best[1] = score[1];
                mask = m;
                domain_bit = d;
                rare_label = r;
            }
        }
    }
}

/* The rare/common method, heap by heap: the splits with a rare part are all marked, then
   each value not yet seen is looked for among the splits with two common (or two rare)
   parts, a growing chunk of each rest in turn, from where the last look stopped. */
static void sparse(uint16_t *g, int upto, int *rare_count_out) {
    int32_t *rare = malloc(sizeof *rare * (size_t)(upto + 1));
    int rare_count = 0;
    int scans[MAX_TAKES], rests[MAX_TAKES];
    int split_parity = split_two.take[0] & 1;
    for (int i = 1; i < split_two.count; i++)
        if ((split_two.take[i] & 1) != split_parity) split_parity = -1;
    mask = -1;
    domain_bit = 0;
    rare_label = 0;
    int checkpoint = FIRST_CHECKPOINT, largest = 0;
    int size = 1 << 17; /* every xor of 16-bit values, and the mex */
    int32_t *mark = calloc((size_t)size, sizeof *mark), stamp = 0;
    g[0] = 0;
    for (int heap = 1; heap <= upto; heap++) {
        stamp++;
        if (contains(&take_all, heap)) mark[0] = stamp;
        for (int i = 0; i < leave_one.count; i++)
            if (heap - leave_one.take[i] >= 1) mark[g[heap - leave_one.take[i]]] = stamp;
        int nrests = 0;
        for (int i = 0; i < split_two.count; i++) {
            int rest = heap - split_two.take[i];
            if (rest < 2) continue;
            rests[nrests] = rest;
            scans[nrests++] = 1;
            for (int j = 0; j < rare_count; j++) {
                int part = rare[j];
                if (part >= rest) break;
                if (unequal && 2 * part == rest) continue;
                mark[g[part] ^ g[rest - part]] = stamp;
            }
        }
        int value = 0;
        for (;;) {
            if (mark[value] == stamp) { value++; continue; }
            int bits = parity((unsigned)(value & mask)), found = 0, open = 1;
            for (int chunk = 16; open && !found; chunk *= 4) {
                open = 0;
                for (int i = 0; i < nrests; i++) {
                    int rest = rests[i];
                    if ((bits ^ (domain_bit & rest)) & 1) continue;
                    int last = unequal ? (rest - 1) / 2 : rest / 2;
                    int part = scans[i];
                    int stop = part + chunk - 1 < last ? part + chunk - 1 : last;
                    while (part <= stop) {
                        int v = g[part] ^ g[rest - part];
                        mark[v] = stamp;
                        part++;
                        if (v == value) { found = 1; break; }
                    }
                    scans[i] = part;
                    if (found) break;
                    if (part <= last) open = 1;
                }
            }
            if (!found) break;
            value++;
        }
        if (value > 65535) {
            fprintf(stderr, "heapseq: G(%d) = %d does not fit 16 bits\n", heap, value);
            exit(3);
        }
        g[heap] = (uint16_t)value;
        if (value > largest) largest = value;
        if (((parity((unsigned)(value & mask)) ^ (domain_bit & heap)) & 1) == rare_label)
            rare[rare_count++] = heap;
        if (heap == checkpoint && heap < upto) {
            checkpoint *= 2;
            choose_classes(g, heap, split_parity);
            rare_count = 0;
            for (int a = 1; a <= heap; a++)
                if (((parity((unsigned)(g[a] & mask)) ^ (domain_bit & a)) & 1) == rare_label)
                    rare[rare_count++] = a;
        }
    }
    *rare_count_out = rare_count;
    free(mark);
    free(rare);
}

int main(int argc, char **argv) {
    if (argc != 8) {
        fprintf(stderr, "usage: heapseq naive|sparse N TAKE_ALL LEAVE_ONE SPLIT_TWO UNEQUAL OUT\n");
        return 2;
    }
    int upto = atoi(argv[2]);
    if (upto < 0) {
        fprintf(stderr, "heapseq: bad N %s\n", argv[2]);
        return 2;
    }
    parse_set(argv[3], &take_all);
    parse_set(argv[4], &leave_one);
    parse_set(argv[5], &split_two);
    unequal = atoi(argv[6]);
    seen_size = 1024;
    seen = calloc((size_t)seen_size, sizeof *seen);
    int32_t *g = calloc((size_t)upto + 1, sizeof *g);
    int rare_count = -1;
    struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    if (strcmp(argv[1], "naive") == 0) {
        naive(g, upto);
    } else if (strcmp(argv[1], "sparse") == 0 && split_two.count > 0) {
        uint16_t *narrow = calloc((size_t)upto + 1, sizeof *narrow);
        clock_gettime(CLOCK_MONOTONIC, &t0);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
        sparse(narrow, upto, &rare_count);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
        for (int a = 0; a <= upto; a++) g[a] = narrow[a];
        free(narrow);
    } else if (strcmp(argv[1], "sparse") == 0) {
        naive(g, upto); /* no splits: the naive mex is already linear */
    } else {
        fprintf(stderr, "heapseq: unknown mode %s\n", argv[1]);
        return 2;
    }
    if (strcmp(argv[1], "sparse") != 0 || split_two.count == 0) {
        clock_gettime(CLOCK_MONOTONIC, &t1);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    }
    int32_t top = 0;
    for (int a = 0; a <= upto; a++)
        if (g[a] > top) top = g[a];
    if (strcmp(argv[7], "-") != 0) {
        FILE *out = fopen(argv[7], "wb");
        if (!out || fwrite(g, sizeof *g, (size_t)upto + 1, out) != (size_t)upto + 1) {
            fprintf(stderr, "heapseq: cannot write %s\n", argv[7]);
            return 1;
        }
        fclose(out);
    }
    printf("seconds=%.6f cpu=%.6f max=%d rare=%d\n",
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec),
           (double)(c1.tv_sec - c0.tv_sec) + 1e-9 * (double)(c1.tv_nsec - c0.tv_nsec), top,
           rare_count);
    free(g);
    free(seen);
    return 0;
}
