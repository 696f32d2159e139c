package demo_test

import (
	"fmt"
	"time"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/platform"
)

func ExampleCatalog() {
	cat, err := demo.Catalog(demo.WithNow(time.Date(2026, 3, 23, 0, 0, 0, 0, time.UTC)))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cat.Len(), cat.Counts()[platform.YouTube], cat.Counts()[platform.X])
	ch, _ := cat.Lookup(catalog.Key(platform.YouTube, catalog.RefHandle, "GadgetGrid"))
	fmt.Println(ch.Name, ch.Category, ch.Country, ch.Followers)
	// Output:
	// 20000 8000 2000
	// Gadget Grid tech US 1240000
}

func ExampleShowcase() {
	for _, ex := range demo.Showcase()[:4] {
		fmt.Printf("%s [%s, %s %s] %s\n", ex.Name, ex.Platform, ex.Kind, ex.Scope, ex.Input)
	}
	// Output:
	// keyword-tags-only [youtube, keyword tags] swim vest
	// keyword-tags-only-zh [youtube, keyword tags] 救生衣
	// keyword-name-only [youtube, keyword name] Torque
	// keyword-name-only-zh [youtube, keyword name] 老司机
}
