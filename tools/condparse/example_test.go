package condparse_test

import (
	"fmt"

	"searchagent/tools/condparse"
)

func ExampleClassify() {
	for _, in := range []string{
		"swim vest",
		"https://www.youtube.com/@mkbhd",
		"find tech reviewers in Germany with over 100k subscribers",
		"Hollyland 麦克风，美国，IG，粉丝 1w+，均播 3000+",
	} {
		fmt.Println(condparse.Classify(in))
	}
	// Output:
	// keyword
	// url
	// natural
	// mixed
}

func ExampleParse() {
	r, err := condparse.Parse("Hollyland 麦克风，美国，IG，粉丝 5k-2w，最好性价比高")
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Shape)
	for _, c := range r.Conditions {
		fmt.Printf("%s %s %s %s %s %q\n", c.ID, c.Kind, c.Field, c.Op, c.Value, c.Span.Text)
	}
	// Output:
	// mixed
	// c1 keyword keyword contains "Hollyland" "Hollyland"
	// c2 keyword keyword contains "麦克风" "麦克风"
	// c3 hard country eq "US" "美国"
	// c4 hard platform eq "instagram" "IG"
	// c5 hard followers between 5000..20000 "粉丝 5k-2w"
	// c6 soft preference prefer "value" "性价比高"
}

func ExampleParseCount() {
	for _, s := range []string{"5k", "1.5w", "10万", "1.2M", "百万"} {
		n, ok := condparse.ParseCount(s)
		fmt.Println(s, n, ok)
	}
	// Output:
	// 5k 5000 true
	// 1.5w 15000 true
	// 10万 100000 true
	// 1.2M 1200000 true
	// 百万 1000000 true
}
