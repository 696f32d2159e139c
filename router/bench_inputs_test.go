package router

import (
	"strconv"
	"testing"
)

// benchConditions is the session context of the benchmark queries: one
// hard filter and one keyword to refer to.
var benchConditions = []Condition{{ID: "c1", Kind: "hard", Field: "followers"}, {ID: "k1", Kind: "keyword", Value: "camping"}}

// BenchmarkQueryInputs: each benchmark input on its own (sub-benchmark i
// is benchInputs[i]), to see which inputs cost what.
func BenchmarkQueryInputs(b *testing.B) {
	snap := defaultSnapshot(b)
	for i, s := range benchInputs {
		b.Run(strconv.Itoa(i), func(b *testing.B) {
			b.ReportAllocs()
			for j := 0; j < b.N; j++ {
				if _, err := snap.Query(Input{Text: s, Platform: "youtube", Conditions: benchConditions}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkQueryMix: the benchmark inputs in rotation without any clock
// reads, the loop to count instructions per query with (valgrind; see
// scripts/router-instr.sh and make bench-router-instr).
func BenchmarkQueryMix(b *testing.B) {
	snap := defaultSnapshot(b)
	b.ReportAllocs()
	for j := 0; j < b.N; j++ {
		if _, err := snap.Query(Input{Text: benchInputs[j%len(benchInputs)], Platform: "youtube", Conditions: benchConditions}); err != nil {
			b.Fatal(err)
		}
	}
}
