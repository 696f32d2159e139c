package condparse

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZ(t *testing.T) {
	for _, l := range strings.Split(os.Getenv("ZZ"), "\n") {
		r, _ := Parse(l)
		fmt.Printf("== %s shape=%s sig=%+v rem=%+v\n", l, r.Shape, r.Signals, r.Remainder)
		for _, c := range r.Conditions {
			fmt.Printf("   %s %s %s %v %s %v\n", c.Kind, c.Field, c.Op, c.Value, c.Status, c.Issues)
		}
	}
}
