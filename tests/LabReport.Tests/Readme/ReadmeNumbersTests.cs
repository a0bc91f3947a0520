using LabReport.Readme;

namespace LabReport.Tests.Readme;

/// <summary>The rule that every measured number a README shows comes from a generated block (<see cref="ReadmeNumbers"/>).</summary>
public class ReadmeNumbersTests
{
    private static readonly IReadOnlySet<string> Published = ReadmeNumbers.Tokens("""{ "display": "~12.8× (422 vs 33 ns)" }""");

    [Fact]
    public void A_hand_typed_measurement_is_found_with_its_line()
    {
        const string readme = "# Post\n\nThe lock took 412.5 ns per insert here,\nand 2.57M ops/s at 32 threads; the run took 26:52 and used 3.4 MiB.\n";

        ReadmeNumbers.Find(readme, Published).Should().Equal(
            new HandTypedNumber(3, "412.5 ns"), new HandTypedNumber(4, "2.57M"), new HandTypedNumber(4, "26:52"), new HandTypedNumber(4, "3.4 MiB"));
    }

    [Theory]
    [InlineData("ratios: 0.75× and 1.24x; a share of 29.98%", "0.75×", "1.24x", "29.98%")]
    [InlineData("throughput 1,234.5 inserts/s, a disk of 417.9 MB/s, 15 minutes", "1,234.5 inserts/s", "417.9 MB/s", "15 minutes")]
    [InlineData("393K distinct keys, 3.7 ms at p99.9, 5 s", "393K", "3.7 ms", "5 s")]
    public void Every_unit_of_time_rate_size_ratio_and_share_counts(string prose, params string[] expected) =>
        ReadmeNumbers.Find(prose, Published).Select(n => n.Text).Should().Equal(expected);

    [Fact]
    public void Numbers_in_blocks_code_quotes_and_the_published_file_are_accounted_for()
    {
        string readme = $"""
            # Post

            {ReadmeCommand.Begin}
            | Lock | 412.5 ns |
            {ReadmeCommand.End}

            The post measured 12.8x (422 vs 33 ns): 12.8× is published, 33 ns is quoted below; here 412.5 ns (the block's).
            Buffers of `256 KiB`, and `--seconds 5`:

            ```bash
            dotnet run -- --duration 10s   # 3.1 ms
            ```

            <!-- post-numbers:begin (the post's table) -->
            | Lock | 33 ns | 27.2M |
            <!-- post-numbers:end -->

            The post's 27.2M is cited again; intervals are 99.9% intervals; see [x](results/2026-11-25-full/a-5ms.md).
            """;

        ReadmeNumbers.Find(readme, Published).Should().BeEmpty();
    }

    [Fact]
    public void A_measurement_next_to_a_quoted_one_is_still_found()
    {
        const string readme = "<!-- post-numbers:begin -->\n| 33 ns |\n<!-- post-numbers:end -->\nThe post: 33 ns; here: 36 ns.\n";

        ReadmeNumbers.Find(readme, Published).Should().Equal(new HandTypedNumber(4, "36 ns"));
    }

    [Fact]
    public void An_unclosed_quote_is_an_error()
    {
        FluentActions.Invoking(() => ReadmeNumbers.Find("<!-- post-numbers:begin -->\n33 ns\n", Published))
            .Should().Throw<FormatException>().WithMessage("*post-numbers:end*");
    }

    [Fact]
    public void A_number_repeated_from_a_block_must_match_it_as_written()
    {
        string readme = $"{ReadmeCommand.Begin}\n| Lock | 2.57M | 377 ns |\n{ReadmeCommand.End}\nLock reached 2.57M, at 377 ns; rounded, 2.6M and 380 ns.\n";

        ReadmeNumbers.Find(readme, Published).Should().Equal(new HandTypedNumber(4, "2.6M"), new HandTypedNumber(4, "380 ns"));
    }

    [Fact]
    public void Tokens_are_the_numbers_with_units_as_written()
    {
        ReadmeNumbers.Tokens("""{ "value": 168.7, "display": "~169× (Mark0 5,113 ns vs 30.3 ns)", "id": "e5-x2" }""")
            .Should().BeEquivalentTo("169×", "5,113ns", "30.3ns");
    }

    [Fact]
    public void No_readme_of_the_repository_shows_a_hand_typed_measurement()
    {
        string root = Bash.RepoRoot;
        var published = PublishedNumbers.RepositoryFiles(root).SelectMany(f => ReadmeNumbers.Tokens(File.ReadAllText(f))).ToHashSet();

        var typed = ReadmeCommand.Readmes(root)
            .SelectMany(readme => ReadmeNumbers.Find(File.ReadAllText(readme), published)
                .Select(n => $"{Path.GetRelativePath(root, readme)}:{n.Line}: {n.Text}"))
            .ToList();

        string.Join('\n', typed).Should().BeEmpty("a measured number belongs in a block 'LabReport readme' generates (see ReadmeNumbers for the rule)");
    }
}
