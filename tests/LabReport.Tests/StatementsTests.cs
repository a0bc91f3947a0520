using System.Text.RegularExpressions;

namespace LabReport.Tests;

/// <summary>
/// Each post's statements.md (beside its claims.json) lists every quantitative statement of the post with what judges
/// it: claims of claims.json that must exist, a claim a run could judge that is not written yet ("new claim", pending),
/// or the reason none does ("information: …", "not measurable: …"). The list and the claims file are held to each other
/// both ways: a statement without a claim or a reason, a claim id that does not exist, or a claim no statement names fails.
/// </summary>
public partial class StatementsTests
{
    private const string FileName = "statements.md";

    public static TheoryData<string> Files() => [.. StatementFiles()];

    // Every claims.json's statements.md, relative to the repository.
    private static IEnumerable<string> StatementFiles() => PublishedNumbers.RepositoryFiles(RepositoryRoot())
        .Select(claims => Path.GetRelativePath(RepositoryRoot(), Path.Combine(Path.GetDirectoryName(claims)!, FileName)));

    [Theory]
    [MemberData(nameof(Files))]
    public void Every_statement_names_an_existing_claim_or_a_reason(string file)
    {
        var (post, rows) = Load(file);
        rows.Should().NotBeEmpty($"{file} lists the post's statements");
        var ids = post.Claims.Select(c => c.Id).ToHashSet(StringComparer.Ordinal);
        foreach (var row in rows)
        {
            string judged = row.JudgedBy;
            if (ClaimsPattern().IsMatch(judged))
            {
                var named = IdPattern().Matches(judged).Select(m => m.Groups[1].Value).ToList();
                named.Should().NotBeEmpty($"{file} {row.Id} names its claims");
                named.Should().OnlyContain(id => ids.Contains(id), $"{file} {row.Id}: every claim it names is in {post.Post}'s claims.json");
            }
            else
            {
                ReasonPattern().IsMatch(judged).Should().BeTrue(
                    $"{file} {row.Id} ('{judged}'): a statement names its claims, a pending claim (\"new claim\") or a reason (\"information: …\", \"not measurable: …\", \"pending: …\")");
            }
        }
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void Every_claim_is_named_by_a_statement(string file)
    {
        var (post, rows) = Load(file);
        var named = rows.Where(r => ClaimsPattern().IsMatch(r.JudgedBy))
            .SelectMany(r => IdPattern().Matches(r.JudgedBy).Select(m => m.Groups[1].Value)).ToHashSet(StringComparer.Ordinal);
        post.Claims.Select(c => c.Id).Where(id => !named.Contains(id)).Should().BeEmpty($"every claim of {post.Post} judges a statement of {file}");
    }

    [Fact]
    public void The_series_has_at_least_110_statements_with_unique_ids_per_post()
    {
        int total = 0;
        foreach (string file in StatementFiles())
        {
            var (_, rows) = Load(file);
            rows.Select(r => r.Id).Should().OnlyHaveUniqueItems(file);
            total += rows.Count;
        }

        total.Should().BeGreaterThanOrEqualTo(110);
    }

    private sealed record Row(string Id, string Section, string TurnsOn, string Statement, string JudgedBy);

    // The post's claims and the statements table's rows (| id | section | turns on | statement | judged by |).
    private static (PostNumbers Post, List<Row> Rows) Load(string file)
    {
        string path = Path.Combine(RepositoryRoot(), file);
        File.Exists(path).Should().BeTrue($"{file} exists beside its claims.json");
        var post = PublishedNumbers.LoadPost(Path.Combine(Path.GetDirectoryName(path)!, PublishedNumbers.FileName));
        var rows = File.ReadAllLines(path)
            .Where(l => RowPattern().IsMatch(l))
            .Select(l => l.Trim().Trim('|').Split('|').Select(c => c.Trim()).ToArray())
            .Select(c => new Row(c[0], c[1], c[2], c[3], c[^1]))
            .ToList();
        return (post, rows);
    }

    private static string RepositoryRoot()
    {
        var dir = new DirectoryInfo(AppContext.BaseDirectory);
        while (dir is not null && !File.Exists(Path.Combine(dir.FullName, "companion-code.sln")))
        {
            dir = dir.Parent;
        }

        return dir?.FullName ?? throw new InvalidOperationException("companion-code.sln not found above the test's folder");
    }

    // A statement row: "| s12 | …" (five or more cells).
    [GeneratedRegex(@"^\|\s*[a-z]+\d+\s*\|")]
    private static partial Regex RowPattern();

    [GeneratedRegex(@"^claims? `")]
    private static partial Regex ClaimsPattern();

    [GeneratedRegex(@"`([A-Za-z0-9-]+)`")]
    private static partial Regex IdPattern();

    // A pending claim a run could judge, or a reason of some words.
    [GeneratedRegex(@"^(new claims? `[A-Za-z0-9-]+`|(information|not measurable|pending): .{5,})")]
    private static partial Regex ReasonPattern();
}
