package router

import (
	"fmt"
	"os"
	"strconv"
	"testing"
)

func BenchmarkPerInput(b *testing.B) {
	snap := defaultSnapshot(b)
	conds := []Condition{{ID: "c1", Kind: "hard", Field: "followers"}, {ID: "k1", Kind: "keyword", Value: "camping"}}
	for i, s := range benchInputs {
		b.Run(fmt.Sprint(i), func(b *testing.B) {
			b.ReportAllocs()
			for j := 0; j < b.N; j++ {
				snap.Query(Input{Text: s, Platform: "youtube", Conditions: conds})
			}
		})
	}
}

func BenchmarkZZMix(b *testing.B) {
	snap := defaultSnapshot(b)
	conds := []Condition{{ID: "c1", Kind: "hard", Field: "followers"}, {ID: "k1", Kind: "keyword", Value: "camping"}}
	b.ReportAllocs()
	for j := 0; j < b.N; j++ {
		snap.Query(Input{Text: benchInputs[j%len(benchInputs)], Platform: "youtube", Conditions: conds})
	}
}

func BenchmarkZZOne(b *testing.B) {
	snap := defaultSnapshot(b)
	conds := []Condition{{ID: "c1", Kind: "hard", Field: "followers"}, {ID: "k1", Kind: "keyword", Value: "camping"}}
	k, _ := strconv.Atoi(os.Getenv("ZZ_INPUT"))
	for j := 0; j < b.N; j++ {
		snap.Query(Input{Text: benchInputs[k], Platform: "youtube", Conditions: conds})
	}
}
