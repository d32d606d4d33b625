use super::*;

fn facts(id: &str) -> (usize, usize, usize, usize, usize) {
    let map = bundled(id).unwrap();
    (
        map.spaces.len(),
        map.regions.len(),
        map.lands.len(),
        map.towers.len(),
        map.ruins.len(),
    )
}

#[test]
fn bundled_maps_have_the_spec_facts() {
    assert_eq!(facts("avenia"), (190, 30, 6, 4, 10));
    assert_eq!(facts("aghon"), (178, 21, 9, 4, 10));
    assert_eq!(facts("kazan"), (162, 22, 5, 4, 10));
    assert_eq!(facts("cnidaria"), (187, 28, 6, 4, 10));
    assert_eq!(facts("north-proylia"), (183, 27, 5, 4, 10));
    assert_eq!(facts("xawskil"), (300, 43, 15, 4, 10));
    let np = bundled("north-proylia").unwrap();
    assert_eq!(np.by_terrain[Terrain::Special as usize].len(), 39);
    assert_eq!(np.ice.len(), 34);
    assert!(np.rules.ice && !np.rules.crystals);
    let kazan = bundled("kazan").unwrap();
    let no_blank = kazan.regions.iter().filter(|r| r.blanks.is_empty()).count();
    assert_eq!(no_blank, 2, "Kazan: two regions without a blank space");
    assert!(bundled("xawskil").unwrap().rules.land_bonus);
    assert_eq!(bundled("cnidaria").unwrap().crystals.len(), 4);
}

#[test]
fn neighbours_follow_the_spec_table() {
    let map = bundled("avenia").unwrap();
    let names = |cell: &str| -> Vec<String> {
        let s = map.parse_cell(cell).unwrap();
        (0..6)
            .filter_map(|d| map.step(s, d))
            .map(|n| map.cell_name(n))
            .collect()
    };
    // Capital c8r5 (even column): N, NE, SE, S, SW, NW.
    assert_eq!(
        names("c8r5"),
        ["c8r4", "c9r5", "c9r6", "c8r6", "c7r6", "c7r5"]
    );
    // Odd column c9r5.
    assert_eq!(
        names("c9r5"),
        ["c9r4", "c10r4", "c10r5", "c9r6", "c8r5", "c8r4"]
    );
    assert_eq!(map.cell_name(map.capital as usize), "c8r5");
    // Adjacency is symmetric and opposite directions match.
    for s in 0..map.spaces.len() {
        for d in 0..6 {
            if let Some(n) = map.step(s, d) {
                assert_eq!(map.step(n, (d + 3) % 6), Some(s));
            }
        }
    }
    // Border: c2r0 lacks neighbours; north border: N neighbour is not a space.
    let c2r0 = map.parse_cell("c2r0").unwrap();
    assert!(map.border.contains(c2r0) && map.north_border.contains(c2r0));
    let capital = map.capital as usize;
    assert!(!map.border.contains(capital) && !map.north_border.contains(capital));
    assert_eq!(map.region_of[capital], NO_REGION);
    assert!(map.wild.contains(map.parse_cell("c1r1").unwrap()));
    assert!(!map.wild.contains(capital));
}

#[test]
fn regions_keep_one_terrain_and_blanks_are_plain_land() {
    for (id, _) in BUNDLED {
        let map = bundled(id).unwrap();
        for region in &map.regions {
            assert!(region.terrain.is_land());
            for s in region.spaces.iter() {
                assert_eq!(map.spaces[s].terrain, region.terrain);
            }
            for s in region.blanks.iter() {
                let sp = map.spaces[s];
                assert!(sp.coin == 0 && sp.city == 0 && !sp.ruin);
            }
        }
        let lands: usize = map.lands.iter().map(CellSet::len).sum();
        assert_eq!(
            lands,
            map.all.minus(map.by_terrain[Terrain::Sea as usize]).len()
        );
    }
}

#[test]
fn cells_parse_with_reasons() {
    let map = bundled("avenia").unwrap();
    assert_eq!(
        map.parse_cell("c7r44"),
        Err("\"c7r44\" is off the map".into())
    );
    assert_eq!(
        map.parse_cell("c0r0"),
        Err("\"c0r0\" is not a space".into())
    );
    assert_eq!(map.parse_cell("x7"), Err("\"x7\" is not a cell".into()));
    assert_eq!(map.cell_name(map.parse_cell("c7r4").unwrap()), "c7r4");
}

const HEAD: &str = "id: tiny\nname: Tiny\nlayout: flat-top-columns-even-down\ncols: 3\nrows: 2\nrules: none\ngrid:\n";

fn tiny(grid: &str) -> Result<Map, MapError> {
    Map::parse(&format!("{HEAD}{grid}"))
}

fn message(text: &str) -> String {
    Map::parse(text)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

#[test]
fn a_small_map_parses() {
    let map = tiny("M G$2 SC3\nXK XT DR:A\nend\n# trailing comment\n").unwrap();
    assert_eq!(map.spaces.len(), 6);
    assert_eq!(map.cities.len(), 1);
    assert_eq!(map.ruins.len(), 1);
    assert_eq!(map.spaces[5].label, Some(RuinLabel::Letter(0)));
    assert_eq!(map.lands.len(), 1);
}

#[test]
fn every_map_validation_names_its_line() {
    let cases: &[(&str, &str)] = &[
        (
            "M G S\nXK M Q3\nend\n",
            "map line 9: token 'Q3': unknown terrain",
        ),
        ("M G S\nXK M\nend\n", "map line 9: 2 tokens, expected 3"),
        ("M G S\nend\n", "map line 9: grid has 1 lines, expected 2"),
        ("M G S\nXK M M\n", "map line 10: missing 'end'"),
        (
            "M G S\nXK M M\nend\nM\n",
            "map line 11: only comments may follow 'end'",
        ),
        (
            "M$2C3 G S\nXK M M\nend\n",
            "map line 8: token 'M$2C3': more than one of $ C R",
        ),
        (
            "MT G S\nXK M M\nend\n",
            "map line 8: token 'MT': T, K, * and I need an X space",
        ),
        (
            "X G S\nXK M M\nend\n",
            "map line 8: token 'X': an X space needs exactly one of T K * I",
        ),
        (
            "XT$2 G S\nXK M M\nend\n",
            "map line 8: token 'XT$2': $ or R on an X space needs I",
        ),
        (
            "M$100 G S\nXK M M\nend\n",
            "map line 8: token 'M$100': value must be 1..99",
        ),
        (
            "M$0 G S\nXK M M\nend\n",
            "map line 8: token 'M$0': value must be 1..99",
        ),
        (
            "MR:Z G S\nXK M M\nend\n",
            "map line 8: token 'MR:Z': unknown ruin symbol 'Z'",
        ),
        (
            "MR:A G SR:A\nXK M M\nend\n",
            "map line 8: ruin letter A used twice",
        ),
        ("M G S\nXK XK M\nend\n", "map line 9: more than one capital"),
        ("M G S\nM M M\nend\n", "map line 10: no capital (K)"),
        (
            "X*2 G S\nXK M M\nend\n",
            "map line 8: token 'X*2': crystal without 'crystals' in rules",
        ),
        (
            "XI G S\nXK M M\nend\n",
            "map line 8: token 'XI': ice without 'ice' in rules",
        ),
    ];
    for (grid, expected) in cases {
        assert_eq!(
            tiny(grid).err().map(|e| e.to_string()).as_deref(),
            Some(*expected),
            "{grid}"
        );
    }
    let towers = "id: t\nname: T\nlayout: flat-top-columns-even-down\ncols: 6\nrows: 1\nrules: none\ngrid:\nXT XT XT XT XT XK\nend\n";
    assert_eq!(message(towers), "map line 8: more than 4 towers");
    let text = |head: &str| format!("{head}grid:\nM G S\nXK M M\nend\n");
    let base =
        "id: tiny\nname: Tiny\nlayout: flat-top-columns-even-down\ncols: 3\nrows: 2\nrules: none\n";
    assert_eq!(
        message(&text(&base.replace("rules: none", "rules: lava"))),
        "map line 6: unknown rules word 'lava'"
    );
    assert_eq!(
        message(&text(&base.replace("cols: 3", "cols: -3"))),
        "map line 4: cols '-3': expected a positive integer"
    );
    assert_eq!(
        message(&text(&base.replace("rows: 2", "rows: 0"))),
        "map line 5: rows '0': expected a positive integer"
    );
    assert_eq!(
        message(&text(&base.replace(
            "layout: flat-top-columns-even-down",
            "layout: pointy"
        ))),
        "map line 3: layout 'pointy' is not supported (expected flat-top-columns-even-down)"
    );
    assert_eq!(
        message(&text(&format!("{base}name: Again\n"))),
        "map line 7: duplicate key 'name'"
    );
    assert_eq!(
        message(&text(&format!("{base}colour: red\n"))),
        "map line 7: unknown key 'colour'"
    );
    assert_eq!(
        message(&text(&base.replace("name: Tiny\n", ""))),
        "map line 6: missing key 'name' before the grid"
    );
    assert_eq!(
        message(&text(&base.replace("id: tiny", "id: Tiny"))),
        "map line 1: id 'Tiny': lowercase letters, digits and '-' only"
    );
    // Optional keys and comments are fine.
    assert!(Map::parse(&text(&format!(
        "# c\n{base}status: promo\nspecial: x # note\n"
    )))
    .is_ok());
}

#[test]
fn loading_a_file_names_it_and_interning_reuses_maps() {
    let dir = std::env::temp_dir().join(format!("gome-map-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, format!("{HEAD}M G S\nXK M Q3\nend\n")).unwrap();
    assert_eq!(
        load(&bad).unwrap_err().to_string(),
        "map bad.txt:9: token 'Q3': unknown terrain"
    );
    let good = dir.join("good.txt");
    std::fs::write(&good, format!("{HEAD}M G S\nXK M M\nend\n")).unwrap();
    let a = load(&good).unwrap();
    let b = load(&good).unwrap();
    assert!(std::ptr::eq(a, b));
    assert!(a.uid as usize >= BUNDLED.len());
    assert!(std::ptr::eq(by_uid(a.uid).unwrap(), a));
    assert_eq!(bundled("avenia").unwrap().uid, 0);
}
