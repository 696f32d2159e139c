package condparse

import (
	"fmt"
	"strings"
)

// condsLine writes a reading's conditions on one line, "field op value
// [issues]" joined by "; ", the form the class tables compare.
func condsLine(r Result) string {
	var got []string
	for _, c := range r.Conditions {
		got = append(got, fmt.Sprintf("%s %s %s %v", c.Field, c.Op, strings.ReplaceAll(c.Value.String(), `"`, ""), c.Issues))
	}
	return strings.Join(got, "; ")
}
