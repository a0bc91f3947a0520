namespace LabReport.Tests.Readme;

/// <summary>A copy of a fixture run inside a repository of its own (results/fixtures/NAME), so <c>readme</c> can write its READMEs.</summary>
public sealed class FixtureRepository : IDisposable
{
    private readonly RunFixture _run;

    public FixtureRepository(string fixture)
    {
        _run = RunFixture.Copy(fixture);
        // <temp>/fixtures/NAME becomes <temp>/repo/results/fixtures/NAME, next to <temp>/repo/first-things-first/.
        Root = Path.Combine(Path.GetDirectoryName(Path.GetDirectoryName(_run.Path))!, "repo");
        RunPath = Path.Combine(Root, "results", "fixtures", fixture);
        Directory.CreateDirectory(Path.GetDirectoryName(RunPath)!);
        Directory.CreateDirectory(Path.Combine(Root, "first-things-first"));
        Directory.Move(_run.Path, RunPath);
    }

    /// <summary>The repository's root.</summary>
    public string Root { get; }

    /// <summary>The run, inside the repository.</summary>
    public string RunPath { get; }

    /// <summary>Writes a README (path relative to the root) and returns its full path.</summary>
    public string Readme(string relative, string text)
    {
        string path = Path.Combine(Root, relative);
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, text);
        return path;
    }

    /// <summary>Runs <c>readme</c> on the run.</summary>
    public (int Code, string Output, string Error) RunReadme() => RunFixture.Run("readme", RunPath);

    /// <summary>Deletes the copy's temporary folder, the repository with it.</summary>
    public void Dispose() => _run.Dispose();
}
