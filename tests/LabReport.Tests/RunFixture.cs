namespace LabReport.Tests;

/// <summary>A private copy of a committed fixture run folder, so a test can write report.md into it or break it; deleted on dispose.</summary>
public sealed class RunFixture : IDisposable
{
    private RunFixture(string path) => Path = path;

    /// <summary>The copy's path.</summary>
    public string Path { get; }

    /// <summary>Where the committed fixtures are.</summary>
    public static string FixturesRoot => System.IO.Path.Combine(AppContext.BaseDirectory, "Fixtures");

    /// <summary>Copies Fixtures/<paramref name="name"/> into a fresh temp directory.</summary>
    public static RunFixture Copy(string name)
    {
        // A fixed parent name keeps the run's name ("fixtures/full") the same in every copy, as the golden report needs.
        string target = System.IO.Path.Combine(System.IO.Path.GetTempPath(), $"labreport-{Guid.NewGuid():N}", "fixtures", name);
        CopyDirectory(System.IO.Path.Combine(FixturesRoot, name), target);
        return new RunFixture(target);
    }

    /// <summary>A file of the copy.</summary>
    public string File(string relative) => System.IO.Path.Combine(Path, relative);

    /// <summary>Runs the program; returns exit code, stdout and stderr.</summary>
    public static (int Code, string Output, string Error) Run(params string[] args)
    {
        var output = new StringWriter();
        var error = new StringWriter();
        int code = LabReportProgram.Run(args, output, error);
        return (code, output.ToString(), error.ToString());
    }

    /// <inheritdoc />
    public void Dispose() => Directory.Delete(System.IO.Path.GetDirectoryName(System.IO.Path.GetDirectoryName(Path))!, recursive: true);

    private static void CopyDirectory(string source, string target)
    {
        Directory.CreateDirectory(target);
        foreach (string file in Directory.GetFiles(source))
        {
            System.IO.File.Copy(file, System.IO.Path.Combine(target, System.IO.Path.GetFileName(file)));
        }

        foreach (string dir in Directory.GetDirectories(source))
        {
            CopyDirectory(dir, System.IO.Path.Combine(target, System.IO.Path.GetFileName(dir)));
        }
    }
}
