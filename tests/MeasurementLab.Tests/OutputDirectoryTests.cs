namespace MeasurementLab.Tests;

public sealed class OutputDirectoryTests : IDisposable
{
    private readonly DirectoryInfo _root = Directory.CreateTempSubdirectory("ftf-output-");

    public void Dispose() => _root.Delete(recursive: true);

    [Fact]
    public void A_missing_directory_is_created_with_its_parents_and_left_empty()
    {
        string path = Path.Combine(_root.FullName, "a", "b");

        OutputDirectory.Prepare(path, "--output").Should().Be(path);

        Directory.Exists(path).Should().BeTrue();
        Directory.EnumerateFileSystemEntries(path).Should().BeEmpty("the write test cleans up after itself");
    }

    [Theory]
    [InlineData("/proc/nonexistent/out")]
    [InlineData("/proc/version/out")]
    public void A_directory_that_cannot_be_made_is_refused_naming_the_option_and_the_path(string path) =>
        FluentActions.Invoking(() => OutputDirectory.Prepare(path, "--output"))
            .Should().Throw<UsageException>().WithMessage($"Option --output: cannot write to directory '{path}' (*");

    [Fact]
    public void A_file_in_the_way_is_refused()
    {
        string file = Path.Combine(_root.FullName, "file");
        File.WriteAllText(file, "");

        FluentActions.Invoking(() => OutputDirectory.Prepare(file, "--artifacts"))
            .Should().Throw<UsageException>().WithMessage($"Option --artifacts needs a directory; '{file}' is a file.");
    }

    [Fact]
    public void An_empty_path_is_refused() =>
        FluentActions.Invoking(() => OutputDirectory.Prepare(" ", "--output")).Should().Throw<UsageException>().WithMessage("*empty path*");
}
