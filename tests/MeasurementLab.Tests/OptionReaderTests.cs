namespace MeasurementLab.Tests;

public class OptionReaderTests
{
    [Fact]
    public void Reads_values_in_both_spellings_flags_and_positionals()
    {
        var reader = new OptionReader(["run", "--rate", "450", "--duration=30", "--verbose", "file.json", "-5"]);
        reader.Integer("--rate", 1).Should().Be(450);
        reader.Number("--duration", 1).Should().Be(30);
        reader.Flag("--verbose").Should().BeTrue();
        reader.Flag("--quiet").Should().BeFalse();
        reader.String("--output", "default").Should().Be("default");
        reader.Positionals.Should().Equal("run", "file.json", "-5");
        reader.EnsureAllConsumed(maxPositionals: 3);
    }

    [Theory]
    [InlineData(new[] { "--rate", "abc" }, "Option --rate needs a whole number; got 'abc'.")]
    [InlineData(new[] { "--rate", "0" }, "Option --rate must be at least 1; got 0.")]
    [InlineData(new[] { "--rate" }, "Option --rate needs a value.")]
    [InlineData(new[] { "--rate", "--other" }, "Option --rate needs a value.")]
    [InlineData(new[] { "--rate", "1", "--rate", "2" }, "Option --rate is given more than once.")]
    public void Bad_integer_options_say_what_is_wrong(string[] args, string message)
    {
        var act = () => new OptionReader(args).Integer("--rate", 450, min: 1);
        act.Should().Throw<UsageException>().WithMessage(message);
    }

    [Fact]
    public void Numbers_can_exclude_their_minimum()
    {
        var act = () => new OptionReader(["--duration", "0"]).Number("--duration", 30, min: 0, exclusiveMin: true);
        act.Should().Throw<UsageException>().WithMessage("Option --duration must be greater than 0; got 0.");
        new OptionReader(["--duration", "0.5"]).Number("--duration", 30, min: 0, exclusiveMin: true).Should().Be(0.5);
        var nan = () => new OptionReader(["--duration", "NaN"]).Number("--duration", 30);
        nan.Should().Throw<UsageException>().WithMessage("*needs a number*");
    }

    [Fact]
    public void Unknown_options_and_extra_arguments_are_rejected()
    {
        var unknown = new OptionReader(["--rate", "5", "--rtae", "6"]);
        unknown.Integer("--rate", 1);
        var act = () => unknown.EnsureAllConsumed();
        act.Should().Throw<UsageException>().WithMessage("Unknown option: --rtae.");

        var extra = new OptionReader(["a", "b"]);
        var tooMany = () => extra.EnsureAllConsumed(maxPositionals: 1);
        tooMany.Should().Throw<UsageException>().WithMessage("Unexpected argument: b.");
    }

    [Fact]
    public void A_flag_given_a_value_is_an_error_and_help_is_detected()
    {
        var act = () => new OptionReader(["--verbose=yes"]).Flag("--verbose");
        act.Should().Throw<UsageException>().WithMessage("*is a flag*");
        new OptionReader(["x", "--help"]).HelpRequested.Should().BeTrue();
        new OptionReader(["-h"]).HelpRequested.Should().BeTrue();
        new OptionReader(["--helpful"]).HelpRequested.Should().BeFalse();
    }

    [Fact]
    public void Integers_accept_digit_separators()
    {
        OptionReader.ParseInteger("N", "8_000_000", 1).Should().Be(8_000_000);
        var act = () => OptionReader.ParseInteger("N", "12x", 1);
        act.Should().Throw<UsageException>().WithMessage("N needs a whole number; got '12x'.");
    }

    [Fact]
    public void Whole_numbers_too_large_for_any_type_say_the_range_not_the_format()
    {
        var act = () => OptionReader.ParseInteger("Option --batches", "99999999999999999999", 1, 1000);
        act.Should().Throw<UsageException>().WithMessage("Option --batches must be at least 1 and at most 1000; got 99999999999999999999.");
    }

    [Fact]
    public void Integer_lists_check_every_entry_and_the_callers_rule()
    {
        var reader = new OptionReader(["--threads", "1, 4,16"]);
        reader.IntegerList("--threads", [32], 1, 64).Should().Equal(1, 4, 16);
        new OptionReader([]).IntegerList("--threads", [32], 1, 64).Should().Equal(32);

        var odd = () => new OptionReader(["--threads", "2,3"]).IntegerList("--threads", [1], 1, 64,
            t => { if (t % 2 != 0) { throw new ArgumentException($"{t} is odd"); } });
        odd.Should().Throw<UsageException>().WithMessage("Option --threads: 3 is odd");
        var empty = () => new OptionReader(["--threads", "1,,2"]).IntegerList("--threads", [1], 1, 64);
        empty.Should().Throw<UsageException>().WithMessage("*comma-separated whole numbers*'1,,2'*");
    }

    [Fact]
    public void An_input_directory_must_exist()
    {
        new OptionReader([]).ExistingDirectory("--sysfs", Path.GetTempPath()).Should().Be(Path.GetTempPath());
        var act = () => new OptionReader(["--sysfs", "/nonexistent/dir"]).ExistingDirectory("--sysfs", "/");
        act.Should().Throw<UsageException>().WithMessage("Option --sysfs: directory '/nonexistent/dir' does not exist.");
    }
}
