package taxonomy

// Script is a writing system the catalog records under its language: a
// brief that asks for channels writing in Traditional Chinese asks for
// Chinese-language channels, and the box names the script as not
// filtered (the catalog holds a channel's language, not its script).
type Script struct {
	// Language is the code of the language the catalog records.
	Language string
	ZH, EN   string
	// Aliases are other spellings, simplified Chinese or Latin (input is
	// folded to simplified before it is read: 繁體 is 繁体).
	Aliases []string
}

// Scripts are the writing systems briefs name ("用繁体发文的", "简体中文内
// 容", "posts in Traditional Chinese").
var Scripts = []Script{
	{"zh", "繁体", "Traditional Chinese", []string{"繁体字", "繁体中文", "繁中", "正体字", "traditional characters", "traditional script"}},
	{"zh", "简体", "Simplified Chinese", []string{"简体字", "简体中文", "简中", "simplified characters", "simplified script"}},
}
