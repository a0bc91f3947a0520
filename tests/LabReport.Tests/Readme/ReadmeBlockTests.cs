using LabReport.Readme;
using MeasurementLab;

namespace LabReport.Tests.Readme;

/// <summary>The kinds of generated block: a run's tables (whole or some columns) and environment rows, and the markers' rules.</summary>
public class ReadmeBlockTests
{
    private const string Note = ReadmeBlock.Note;

    [Fact]
    public void A_marker_names_its_kind_and_argument_and_a_bare_one_holds_the_verdicts()
    {
        string text = $"a\n{ReadmeCommand.Begin}\nold\n{ReadmeCommand.End}\nb\n<!-- measured-here:begin table engine/x.md Method, Mean {Note} -->\nold\n{ReadmeCommand.End}\n";

        var blocks = ReadmeBlock.FindAll(text);

        blocks.Select(b => (b.Kind, b.Argument)).Should().Equal((ReadmeBlock.Verdicts, ""), ("table", "engine/x.md Method, Mean"));
        text[blocks[1].ContentStart..blocks[1].ContentEnd].Should().Be("old\n");
        ReadmeBlock.HandWritten(text).Should().NotContain("old").And.Contain("\nb\n");
    }

    [Theory]
    [InlineData("<!-- measured-here:begin -->\nx\n", "line 1: a begin marker needs its")]
    [InlineData("x\n<!-- measured-here:end -->\n", "line 2: <!-- measured-here:end --> without a begin marker")]
    [InlineData("<!-- measured-here:begin -->\n<!-- measured-here:begin table a -->\n<!-- measured-here:end -->\n", "line 1: a begin marker needs its")]
    public void Unbalanced_markers_are_an_error_naming_the_line(string text, string message) =>
        FluentActions.Invoking(() => ReadmeBlock.FindAll(text)).Should().Throw<FormatException>().WithMessage(message + "*");

    [Fact]
    public void Readme_fills_tables_with_the_columns_named_and_environment_rows_and_keeps_what_it_cannot_fill()
    {
        using var repo = new FixtureRepository("full");
        string readme = repo.Readme("shared/StorageEngine/README.md",
            $"# engine\n\n<!-- measured-here:begin table engine/StorageEngine.Benchmarks.WalAppendScaling-report-github.md Method, ThreadCount, Wal, Mean {Note} -->\nstale\n{ReadmeCommand.End}\n\n" +
            $"<!-- measured-here:begin environment RAM; run directory filesystem {Note} -->\nstale\n{ReadmeCommand.End}\n\n" +
            $"<!-- measured-here:begin table engine/no-such-file.md {Note} -->\nkept\n{ReadmeCommand.End}\n\n" +
            $"<!-- measured-here:begin table engine/StorageEngine.Benchmarks.WalAppendScaling-report-github.md Median {Note} -->\nkept too\n{ReadmeCommand.End}\n");

        var (code, output, error) = repo.RunReadme();

        code.Should().Be(0, error);
        output.Should().Contain(readme);
        string text = File.ReadAllText(readme);
        text.Should().NotContain("stale").And.Contain("kept\n").And.Contain("kept too\n");
        text.Should().Contain("From [`engine/StorageEngine.Benchmarks.WalAppendScaling-report-github.md`](../../results/fixtures/full/engine/StorageEngine.Benchmarks.WalAppendScaling-report-github.md)");
        var table = MarkdownTable.ParseAll(text).First();
        table.Header.Should().Equal("Method", "ThreadCount", "Wal", "Mean");
        table.Rows.Should().HaveCount(4).And.OnlyContain(r => r[0] == "InsertNoFlush", "bold markers are gone");
        text.Should().Contain("| RAM ").And.Contain("23.5 GiB").And.Contain("/var/tmp: ext4");
        error.Should().Contain("block 'table engine/no-such-file.md' left as it is (the run has no engine/no-such-file.md)")
            .And.Contain("has no column 'Median'");
        repo.RunReadme().Code.Should().Be(0);
        File.ReadAllText(readme).Should().Be(text, "regenerating from the same run changes nothing");
    }

    [Fact]
    public void The_docs_pages_beside_a_readme_are_filled_too()
    {
        using var repo = new FixtureRepository("full");
        string block = $"<!-- measured-here:begin environment RAM {Note} -->\nstale\n{ReadmeCommand.End}\n";
        string rootDocs = repo.Readme("docs/running.md", "# Running\n\n" + block);
        string postDocs = repo.Readme("first-things-first/why-benchmarks-lie/docs/measured-here.md", "# Measured here\n\n" + block);

        var (code, output, error) = repo.RunReadme();

        code.Should().Be(0, error);
        output.Should().Contain(rootDocs).And.Contain(postDocs);
        File.ReadAllText(rootDocs).Should().NotContain("stale").And.Contain("23.5 GiB").And.Contain("](../results/fixtures/full/environment.md)");
        File.ReadAllText(postDocs).Should().NotContain("stale").And.Contain("](../../../results/fixtures/full/environment.md)");
    }

    [Fact]
    public void A_verdicts_block_outside_a_posts_readme_and_an_unknown_kind_are_left_with_a_warning()
    {
        using var repo = new FixtureRepository("full");
        string root = repo.Readme("README.md", $"{ReadmeCommand.Begin}\nkept\n{ReadmeCommand.End}\n<!-- measured-here:begin chart x -->\nkept\n{ReadmeCommand.End}\n");

        var (code, _, error) = repo.RunReadme();

        code.Should().Be(0, error);
        File.ReadAllText(root).Should().Be($"{ReadmeCommand.Begin}\nkept\n{ReadmeCommand.End}\n<!-- measured-here:begin chart x -->\nkept\n{ReadmeCommand.End}\n");
        error.Should().Contain("only a post's README").And.Contain("unknown block kind 'chart'");
    }

    [Fact]
    public void The_engines_verdicts_go_to_the_engines_readme()
    {
        using var repo = new FixtureRepository("full");
        string readme = repo.Readme("shared/StorageEngine/README.md", $"# engine\n\n{ReadmeCommand.Begin}\nstale\n{ReadmeCommand.End}\n");

        repo.RunReadme().Code.Should().Be(0);

        File.ReadAllText(readme).Should().NotContain("stale").And.Contain("LockTable / SQLite").And.Contain("](../../results/fixtures/full/report.md)");
    }

    [Fact]
    public void An_anchor_picks_the_part_of_a_file_under_one_heading_for_a_table_or_a_section()
    {
        using var repo = new FixtureRepository("full");
        string readme = repo.Readme("first-things-first/coordinated-omission/README.md",
            $"# post 3\n\n<!-- measured-here:begin table coordinated-omission/report.md#send-lateness-actual--intended-departure -->\nstale\n{ReadmeCommand.End}\n\n" +
            $"<!-- measured-here:begin section coordinated-omission/report.md#mechanism-counted-per-request -->\nstale\n{ReadmeCommand.End}\n\n" +
            $"<!-- measured-here:begin section coordinated-omission/report.md#no-such-heading -->\nkept\n{ReadmeCommand.End}\n");

        var (code, _, error) = repo.RunReadme();

        code.Should().Be(0, error);
        string text = File.ReadAllText(readme);
        text.Should().NotContain("stale").And.Contain("kept\n");
        MarkdownTable.ParseAll(text).Should().ContainSingle("only the send-lateness table, not the report's others")
            .Which.Header.Should().Equal("Metric", "Open-loop", "Concurrent");
        text.Should().Contain("- Closed-loop: 27 requests hit a pause.").And.NotContain("## Mechanism");
        error.Should().Contain("has no heading #no-such-heading");
    }

    [Theory]
    [InlineData("## Side by side", "side-by-side")]
    [InlineData("## Mechanism (counted per request)", "mechanism-counted-per-request")]
    [InlineData("### Send lateness (actual − intended departure)", "send-lateness-actual--intended-departure")]
    public void Anchors_are_githubs(string heading, string anchor) =>
        ReadmeBlockWriter.MarkdownSection($"{heading}\nbody\n## next\nother\n", anchor).Should().Be("body\n");

    [Fact]
    public void A_section_ends_at_the_next_heading_of_its_level_not_at_a_deeper_one_or_a_comment_in_code()
    {
        const string text = "# top\n## a\none\n### a.1\ntwo\n```bash\n# not a heading\n```\n## b\nthree\n";

        ReadmeBlockWriter.MarkdownSection(text, "a").Should().Be("one\n### a.1\ntwo\n```bash\n# not a heading\n```\n");
    }

    [Fact]
    public void A_text_block_is_the_file_as_a_code_block()
    {
        using var repo = new FixtureRepository("full");
        File.WriteAllText(Path.Combine(repo.RunPath, "statistics-that-matter", "checklist.txt"), "verdict   real\n```\n");
        string readme = repo.Readme("first-things-first/statistics-that-matter/README.md",
            $"# post 4\n\n<!-- measured-here:begin text statistics-that-matter/checklist.txt -->\nstale\n{ReadmeCommand.End}\n");

        repo.RunReadme().Code.Should().Be(0);

        File.ReadAllText(readme).Should().Contain("\n````text\nverdict   real\n```\n````\n", "a fence longer than the text's own");
    }

    [Fact]
    public void A_run_in_rounds_keeps_the_job_column_a_selection_leaves_out()
    {
        using var repo = new FixtureRepository("rounds");
        string readme = repo.Readme("first-things-first/hardware-counters/README.md",
            $"# post 5\n\n<!-- measured-here:begin table hardware-counters/HardwareCounters.AccessPatterns-report-github.md Method, N, Mean -->\nstale\n{ReadmeCommand.End}\n");

        repo.RunReadme().Code.Should().Be(0);

        var table = MarkdownTable.ParseAll(File.ReadAllText(readme)).Single();
        table.Header.Should().Equal("Method", "Job", "N", "Mean");
        table.Rows.Select(r => r[1]).Distinct().Should().HaveCountGreaterThan(1, "one row per case and round");
    }
}
