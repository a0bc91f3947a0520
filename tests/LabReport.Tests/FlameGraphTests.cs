using System.Text.Json;
using System.Xml.Linq;
using LabReport.FlameGraphs;

namespace LabReport.Tests;

/// <summary>Flame graphs from folded stacks: the tree, the SVG (a box and a title per frame), the speedscope file, the command's errors.</summary>
public class FlameGraphTests
{
    private static string Folded(string mode) => Path.Combine(RunFixture.FixturesRoot, "flame", $"{mode}.folded");

    [Fact]
    public void Folded_stacks_make_a_tree_whose_frames_add_up()
    {
        var stacks = FoldedStacks.Parse(["a;b;c 3", "a;b 2", "a;d 5", "e 1"], "test");
        stacks.Root.Samples.Should().Be(11);
        var a = stacks.Root.Children.Single(f => f.Name == "a");
        a.Samples.Should().Be(10);
        a.Children.Select(c => (c.Name, c.Samples)).Should().Equal(("b", 5L), ("d", 5L));
        a.Children.First().Self.Should().Be(2, "two samples end in b itself");
        stacks.Root.Depth.Should().Be(4, "all, a, b, c");
    }

    [Theory]
    [InlineData("a;b", "test:1: not a folded stack")]
    [InlineData("a;;b 2", "test:1: an empty frame name")]
    [InlineData("a;b 0", "positive count")]
    [InlineData("", "test: no samples")]
    public void A_file_that_is_not_folded_stacks_is_named_with_its_line(string line, string message)
    {
        var parse = () => FoldedStacks.Parse([line], "test");
        parse.Should().Throw<InvalidDataException>().WithMessage($"*{message}*");
    }

    [Fact]
    public void The_command_writes_a_flame_graph_with_a_title_on_every_frame_and_a_speedscope_file()
    {
        using var dir = new TempDir();
        string folded = Path.Combine(dir.Path, "random.folded");
        File.Copy(Folded("random"), folded);
        var (code, output, error) = RunFixture.Run("flame", folded, "--title", "perf-random N=1,000,000");
        code.Should().Be(0, error);
        output.Should().Contain(Path.Combine(dir.Path, "random.svg")).And.Contain(Path.Combine(dir.Path, "random.speedscope.json"));

        var stacks = FoldedStacks.Load(folded);
        var svg = XDocument.Load(Path.Combine(dir.Path, "random.svg"));
        var titles = svg.Descendants().Where(e => e.Name.LocalName == "title").Select(e => e.Value).ToList();
        titles.Should().Contain(t => t.StartsWith("instance int64 [HardwareCounters] HardwareCounters.AccessPatterns::SumRandom()[OptimizedTier1] — ", StringComparison.Ordinal),
            "a .NET frame keeps its full name on hover");
        titles.Should().Contain($"all — {stacks.Root.Samples:N0} samples (100%), 0 in the frame itself");
        // Every title sits on its frame's box: one <title> per group, the box its first shape.
        svg.Descendants().Where(e => e.Name.LocalName == "title").Should().OnlyContain(t => t.ElementsAfterSelf().First().Name.LocalName == "rect");
        SvgText.Shown(Path.Combine(dir.Path, "random.svg")).Should().Contain("perf-random N=1,000,000")
            .And.Contain(t => t.StartsWith("HardwareCounters.AccessPatterns::SumRandom()", StringComparison.Ordinal), "boxes show the short .NET name");

        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(dir.Path, "random.speedscope.json")));
        json.RootElement.GetProperty("$schema").GetString().Should().Be(Speedscope.Schema);
        var profile = json.RootElement.GetProperty("profiles")[0];
        profile.GetProperty("type").GetString().Should().Be("sampled");
        profile.GetProperty("weights").EnumerateArray().Sum(w => w.GetInt64()).Should().Be(stacks.Root.Samples);
        profile.GetProperty("samples").GetArrayLength().Should().Be(stacks.Stacks.Count);
        int frames = json.RootElement.GetProperty("shared").GetProperty("frames").GetArrayLength();
        profile.GetProperty("samples").EnumerateArray().SelectMany(s => s.EnumerateArray()).Should().OnlyContain(i => i.GetInt32() >= 0 && i.GetInt32() < frames);
    }

    [Theory]
    [InlineData(new string[0], "folded-stacks file")]
    [InlineData(new[] { "no-such.folded" }, "'no-such.folded' not found")]
    [InlineData(new[] { "x.folded", "--bogus" }, "--bogus")]
    [InlineData(new[] { "x.folded", "--svg" }, "--svg")]
    public void Bad_input_is_one_line_and_exit_2(string[] args, string named)
    {
        var (code, output, error) = RunFixture.Run(["flame", .. args]);
        code.Should().Be(2);
        output.Should().BeEmpty();
        error.Split('\n', StringSplitOptions.RemoveEmptyEntries)[0].Should().StartWith("error: ").And.Contain(named);
    }

    [Fact]
    public void A_malformed_folded_file_is_a_usage_error_naming_its_line()
    {
        using var dir = new TempDir();
        string folded = Path.Combine(dir.Path, "bad.folded");
        File.WriteAllLines(folded, ["a;b 1", "not a stack"]);
        var (code, _, error) = RunFixture.Run("flame", folded);
        code.Should().Be(2);
        error.Should().Contain("bad.folded:2: not a folded stack");
    }

    [Fact]
    public void Help_names_the_options()
    {
        var (code, output, _) = RunFixture.Run("flame", "--help");
        code.Should().Be(0);
        output.Should().Contain("--svg").And.Contain("--speedscope").And.Contain("--title");
    }

    [Theory]
    [InlineData("instance int64 [HardwareCounters] HardwareCounters.AccessPatterns::SumRandom()[OptimizedTier1]", "HardwareCounters.AccessPatterns::SumRandom()[OptimizedTier1]")]
    [InlineData("int32[] [HardwareCounters] HardwareCounters.AccessData::CreatePermutation(int32,class [System.Runtime]System.Random)[OptimizedTier1OSR]",
        "HardwareCounters.AccessData::CreatePermutation(int32,class [System.Runtime]System.Random)[OptimizedTier1OSR]")]
    [InlineData("[libcoreclr.so]", "[libcoreclr.so]")]
    [InlineData("pvm_irq_enable", "pvm_irq_enable")]
    public void Boxes_show_dotnet_frames_without_return_type_and_assembly(string frame, string shown) =>
        FlameSeries.ShortName(frame).Should().Be(shown);

    [Fact]
    public void For_reading_the_cut_process_name_is_made_whole_and_runs_of_an_unnamed_frame_are_one_frame()
    {
        var stacks = FoldedStacks.Parse(["HardwareCounter;[HardwareCounters];[libcoreclr.so];[libcoreclr.so];[libcoreclr.so];Main;[libcoreclr.so] 4"], "test").ForReading();
        stacks.Stacks.Single().Frames.Should().Equal("HardwareCounters", "[HardwareCounters]", "[libcoreclr.so]", "Main", "[libcoreclr.so]");
        stacks.Root.Samples.Should().Be(4, "rewriting a stack keeps its samples");
    }

    [Fact]
    public void Stacks_under_one_percent_are_folded_so_the_graph_is_as_tall_as_the_stacks_that_hold_the_time()
    {
        // 99 samples 3 frames deep, 1 sample 40 frames deep (0.99%): the deep one is not drawn and sets no height.
        string deep = string.Join(';', Enumerable.Range(0, 40).Select(i => $"f{i}"));
        var stacks = FoldedStacks.Parse(["main;work;leaf 99", $"main;{deep} 1"], "test");
        FlameGraphChart.MinSamples(stacks.Root.Samples).Should().Be(1, "1% of 100 samples");
        var big = FoldedStacks.Parse(["main;work;leaf 990", $"main;{deep} 10"], "test");
        FlameGraphChart.MinSamples(big.Root.Samples).Should().Be(10);
        var (_, height) = FlameGraphChart.Model(FoldedStacks.Parse(["main;work;leaf 991", $"main;{deep} 9"], "test"), "t");
        var (_, shallow) = FlameGraphChart.Model(FoldedStacks.Parse(["main;work;leaf 1000"], "test"), "t");
        height.Should().Be(shallow, "a stack of 0.9% of the samples adds no level");
    }

    [Fact]
    public void The_random_flame_graph_is_no_taller_than_its_drawn_stacks_and_notes_the_split_leaf()
    {
        var stacks = FoldedStacks.Load(Folded("random"));
        var (model, height) = FlameGraphChart.Model(stacks, "perf-random");
        var readable = stacks.ForReading();
        int depth = FlameSeries.VisibleDepth(readable.Root, FlameGraphChart.MinSamples(readable.Root.Samples));
        depth.Should().BeLessThan(20, "the start-up's 70-frame stack of one sample is folded");
        height.Should().BeLessThan(500);
        model.Subtitle.Should().Contain("SumRandom() is split into").And.Contain("towers");
        readable.Root.Children.Select(c => c.Name).Should().Contain("HardwareCounters", "the process name is whole").And.NotContain("HardwareCounter");
    }

    private sealed class TempDir : IDisposable
    {
        public string Path { get; } = Directory.CreateTempSubdirectory("labreport-flame-").FullName;

        public void Dispose() => Directory.Delete(Path, recursive: true);
    }
}
