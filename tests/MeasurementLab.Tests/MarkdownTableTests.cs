namespace MeasurementLab.Tests;

public class MarkdownTableTests
{
    [Fact]
    public void Columns_are_padded_labels_left_and_numbers_right()
    {
        string table = new MarkdownTable("Metric", "Closed-loop").Row("Count", "13,500").Row("p50", "1.07 ms").ToString();

        table.Should().Be(
            "| Metric | Closed-loop |\n" +
            "|--------|------------:|\n" +
            "| Count  |      13,500 |\n" +
            "| p50    |     1.07 ms |\n");
    }

    [Fact]
    public void Alignments_can_be_given_per_column()
    {
        string table = new MarkdownTable(["N", "Level"], [ColumnAlignment.Right, ColumnAlignment.Left]).Row("1,000", "L2").ToString();

        table.Should().Be(
            "|     N | Level |\n" +
            "|------:|-------|\n" +
            "| 1,000 | L2    |\n");
    }

    [Fact]
    public void A_pipe_inside_a_cell_cannot_split_the_row()
    {
        string table = new MarkdownTable("Metric", "Value").Row("a|b", "1").ToString();

        string row = table.Split('\n')[2];
        row.Should().StartWith("| a\\|b ");
        System.Text.RegularExpressions.Regex.Split(row, @"(?<!\\)\|").Should().HaveCount(4, "two cells between three unescaped pipes");
    }

    [Fact]
    public void Angle_brackets_from_a_raw_file_are_entities_outside_code_spans_and_read_back_as_written()
    {
        // perf's "<not supported>" would be taken for an HTML tag and hidden by GitHub and Markdig.
        var written = new MarkdownTable("what", "value")
            .Row("hardware counters", "no (hardware events <not supported>: no PMU)")
            .Row("usage", "`report <run-folder>` or ``a ` <b>`` then <c>")
            .Row("test", "p < 0.001, d > 0.8");
        string text = written.ToString();

        text.Should().Contain("no (hardware events &lt;not supported&gt;: no PMU)")
            .And.Contain("`report <run-folder>` or ``a ` <b>`` then &lt;c&gt;")
            .And.Contain(" p < 0.001, d > 0.8 |", "a comparison cannot open a tag: it stays readable as plain text");
        MarkdownTable.ParseAll(text).Single().Rows.Select(r => r[1]).Should().Equal(
            "no (hardware events <not supported>: no PMU)", "`report <run-folder>` or ``a ` <b>`` then <c>", "p < 0.001, d > 0.8");
    }

    [Fact]
    public void A_row_with_the_wrong_number_of_cells_is_rejected()
    {
        var act = () => new MarkdownTable("A", "B").Row("only one");

        act.Should().Throw<ArgumentException>().WithMessage("*needs 2 cells, got 1*");
    }

    [Fact]
    public void A_written_table_reads_back_with_its_cells_and_alignments()
    {
        var written = new MarkdownTable(["name", "value"], [ColumnAlignment.Left, ColumnAlignment.Right]).Row("a|b", "1.07 ms").Row("c", "");

        var read = MarkdownTable.ParseAll("text before\n" + written + "text after\n").Single();

        read.Header.Should().Equal("name", "value");
        read.Rows.Should().HaveCount(2);
        read.Rows[0].Should().Equal("a|b", "1.07 ms");
        read.Cell(read.Rows[1], "VALUE").Should().Be("", "columns are found ignoring case");
        read.ToString().Should().Be(written.ToString(), "the alignments come back from the separator line");
    }

    [Fact]
    public void Reading_drops_bold_markers_empty_rows_and_html_entities_and_finds_every_table()
    {
        const string text = """
            | Method | Mean |
            |------- |-----:|
            | **Insert** | **1.5 &mu;s** |
            |        |      |

            | row | value |
            |-----|-------|
            | os  | Linux |
            """;

        var tables = MarkdownTable.ParseAll(text);

        tables.Should().HaveCount(2);
        tables[0].Rows.Should().ContainSingle().Which.Should().Equal("Insert", "1.5 μs");
        tables[1].Cell(tables[1].Rows[0], "value").Should().Be("Linux");
        tables[0].Column("Median").Should().Be(-1);
    }
}
