package classifier

import "testing"

// BenchmarkPredict is one local-classifier answer on the embedded
// weights (the cost the router adds to a follow-up or a first search).
func BenchmarkPredict(b *testing.B) {
	m, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	for _, in := range []struct{ name, text string }{
		{"zh", "有没有办法让我的频道粉丝一夜之间多出五万，花钱也行"},
		{"en", "where can i pick up a few thousand followers for my channel cheaply"},
	} {
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				m.Predict(in.text)
			}
		})
	}
}
