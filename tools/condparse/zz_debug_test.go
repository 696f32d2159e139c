package condparse

import (
	"fmt"
	"os"
	"testing"
)

func TestZZDebug(t *testing.T) {
	text := os.Getenv("ZZ")
	if text == "" {
		t.Skip()
	}
	st := analyze(defaultLexicon, config{recentDays: DefaultRecentDays}, text, nil)
	for i, tk := range st.toks {
		cls := ""
		if tk.kind == tkLex {
			for _, e := range tk.ents {
				cls += fmt.Sprintf("%d,", e.cls)
			}
		}
		fmt.Printf("%d %q kind=%d role=%d frame=%v neg=%d cls=%s\n", i, st.tokText(i), tk.kind, tk.role, tk.frameWord, tk.neg, cls)
	}
	fmt.Printf("sig %+v shape %v\n", st.sig, st.shape)
}
