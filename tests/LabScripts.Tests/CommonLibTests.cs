namespace LabScripts.Tests;

/// <summary>scripts/lib/common.sh: the one-line usage error, number and directory checks, quoting, durations.</summary>
public class CommonLibTests
{
    [Fact]
    public void A_usage_error_is_one_line_naming_the_problem_and_help_with_exit_2() =>
        Bash.Code("LAB_SCRIPT=some-script.sh; lab_usage_error \"--x must be 1 to 3 (got '9')\"")
            .ShouldBeUsageError("--x must be 1 to 3 (got '9') (see some-script.sh --help)");

    [Theory]
    [InlineData("abc", "must be a whole number from 1 to 64 (got 'abc')")]
    [InlineData("-3", "must be a whole number from 1 to 64 (got '-3')")]
    [InlineData("0", "must be from 1 to 64 (got '0')")]
    [InlineData("65", "must be from 1 to 64 (got '65')")]
    [InlineData("99999999999999999999", "must be a whole number from 1 to 64")]
    [InlineData("", "must be a whole number from 1 to 64 (got '')")]
    [InlineData("1.5", "must be a whole number")]
    public void Whole_numbers_out_of_range_are_usage_errors(string value, string message) =>
        Bash.Code($"lab_uint --loops '{value}' 1 64").ShouldBeUsageError("--loops " + message);

    [Theory]
    [InlineData("1", "1")]
    [InlineData("64", "64")]
    [InlineData("007", "7")]
    public void Whole_numbers_in_range_are_printed_in_decimal(string value, string printed) =>
        Bash.Code($"lab_uint --loops '{value}' 1 64").Stdout.Should().Be(printed + "\n");

    [Fact]
    public void An_output_directory_is_created_with_its_parents_and_printed_absolute()
    {
        using var root = new TempDirectory();

        var result = Bash.Code($"cd '{root.Path}' && lab_out_dir --out a/b/c");

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Should().Be(Path.Combine(root.Path, "a", "b", "c") + "\n");
        Directory.EnumerateFileSystemEntries(Path.Combine(root.Path, "a", "b", "c")).Should().BeEmpty("the write probe is removed");
    }

    [Fact]
    public void An_output_path_that_cannot_be_created_is_a_usage_error_naming_it() =>
        Bash.Code("lab_out_dir --out /proc/ftf-no/such").ShouldBeUsageError("--out '/proc/ftf-no/such' cannot be created");

    [Fact]
    public void An_output_path_that_is_a_file_is_a_usage_error_naming_it()
    {
        using var dir = new TempDirectory();
        string file = Path.Combine(dir.Path, "a-file");
        File.WriteAllText(file, "not a directory\n");

        Bash.Code($"lab_out_dir --out '{file}'").ShouldBeUsageError($"--out '{file}' exists and is not a directory");
    }

    [Fact]
    public void An_unwritable_output_directory_is_a_usage_error() =>
        Bash.Code("lab_out_dir --out /proc/self").ShouldBeUsageError("--out '/proc/self' is not writable");

    [Fact]
    public void An_empty_output_path_is_a_usage_error() =>
        Bash.Code("lab_out_dir --out ''").ShouldBeUsageError("--out needs a directory");

    [Fact]
    public void A_missing_value_is_a_usage_error_naming_the_option() =>
        Bash.Code("set -- --seconds; lab_need_value \"$1\" $#").ShouldBeUsageError("--seconds needs a value");

    [Fact]
    public void Quoted_arguments_paste_back_into_the_same_arguments()
    {
        var result = Bash.Code("""
            q=$(lab_quote_args --filter '*' "it's" 'a b' plain/path:1,2 '$HOME' '')
            printf '%s\n' "$q"
            eval "set -- $q"
            printf '[%s]' "$@"
            """);

        result.ExitCode.Should().Be(0, result.ToString());
        var lines = result.Stdout.Split('\n');
        lines[0].Should().Be(" --filter '*' 'it'\\''s' 'a b' plain/path:1,2 '$HOME' ''");
        lines[1].Should().Be("[--filter][*][it's][a b][plain/path:1,2][$HOME][]");
    }

    [Theory]
    [InlineData(0, "0:00")]
    [InlineData(65, "1:05")]
    [InlineData(3600, "1:00:00")]
    [InlineData(3723, "1:02:03")]
    public void Durations_read_as_minutes_and_seconds(int seconds, string text) =>
        Bash.Code($"lab_duration {seconds}").Stdout.Should().Be(text + "\n", "the runner ends every line it reads");

    [Fact]
    public void A_missing_tool_names_its_debian_package_and_exits_3()
    {
        var result = Bash.Code("lab_need_cmd no-such-tool-here some-package");

        result.ExitCode.Should().Be(3);
        result.Stderr.Should().Contain("no-such-tool-here is not installed").And.Contain("apt-get install -y some-package");
    }
}
