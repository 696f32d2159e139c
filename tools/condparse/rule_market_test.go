package condparse

import "testing"

// marketCases: a place the writer's description names as the market the
// business goes into ("launching in Brazil", 准备进入日本市场) is where the
// campaign runs, so the creators' country; the writer's own place ("a
// company from Munich", 我们是深圳的) stays dropped (writerPlace), beside
// it too.
var marketCases = []leftCase{
	{in: "We're a small skincare brand launching in Brazil and need UGC creators, under 50k followers", want: []string{`country eq "BR" applied`}},
	{in: "we are a coffee brand expanding to Germany, looking for food creators", want: []string{`country eq "DE" applied`}},
	{in: "our company is entering the Japanese market next year, need tech reviewers", want: []string{`country eq "JP" applied`}},
	{in: "我们是一个准备进入日本市场的护肤品牌，想找UGC达人", want: []string{`country eq "JP" applied`}},
	{in: "我们是一家要进军东南亚的小家电品牌，找泰国的测评博主", want: []string{`country eq "TH" applied`}},
	{in: "我们是杭州的一家服装品牌，下个月登陆韩国，找时尚博主", want: []string{`country eq "KR" applied`}, not: []string{`"CN"`}},
	{in: "we're a brand from Mexico launching in Spain next month, need food creators", want: []string{`country eq "ES" applied`}, not: []string{`"MX"`}},
	// the writer's own place, without a market, stays dropped
	{in: "we're a Berlin-based startup, looking for tech reviewers in the UK", want: []string{`country eq "GB" applied`}, not: []string{`"DE"`}},
	{in: "我们是深圳的一家耳机品牌，想找美国的科技博主", want: []string{`country eq "US" applied`}, not: []string{`"CN"`}},
	{in: "we are a company from Munich looking for travel vloggers in Italy", want: []string{`country eq "IT" applied`}, not: []string{`"DE"`}},
}

func TestMarketPlaceIsTheCreatorsCountry(t *testing.T) {
	for _, tc := range marketCases {
		if p := tc.problems(); len(p) > 0 {
			t.Errorf("%q: %v", tc.in, p)
		}
	}
}
