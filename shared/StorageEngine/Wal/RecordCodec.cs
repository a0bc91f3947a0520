using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace StorageEngine.Wal;

/// <summary>
/// Encodes and decodes the records of logs and snapshots: <c>u32 body length | u32 check | body</c>, the body being
/// <c>type | key | value</c>. The check is written as CRC-32C(body) and bound to the record's position when the
/// record's file offset is known (<see cref="WalFormat.BindToPosition"/>).
/// </summary>
internal sealed class RecordCodec<TKey, TValue>(IWalCodec<TKey> keys, IWalCodec<TValue> values)
{
    public IWalCodec<TKey> Keys { get; } = keys;

    public IWalCodec<TValue> Values { get; } = values;

    /// <summary>Bytes the put record of <paramref name="key"/> and <paramref name="value"/> takes, header included.</summary>
    /// <exception cref="ArgumentException">The record exceeds <see cref="WalFormat.MaxBodySize"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int PutSize(TKey key, TValue value, out int keyBytes)
    {
        keyBytes = Keys.GetByteCount(key);
        long body = 1L + keyBytes + Values.GetByteCount(value);
        if (body > WalFormat.MaxBodySize)
        {
            ThrowTooBig(body);
        }

        return WalFormat.RecordHeaderSize + (int)body;
    }

    /// <summary>Writes a put record of exactly <paramref name="record"/>.Length bytes (from <see cref="PutSize"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WritePut(Span<byte> record, TKey key, TValue value, int keyBytes)
    {
        Span<byte> body = record[WalFormat.RecordHeaderSize..];
        body[0] = WalFormat.PutRecord;
        Keys.Write(key, body.Slice(1, keyBytes));
        Values.Write(value, body[(1 + keyBytes)..]);
        BinaryPrimitives.WriteUInt32LittleEndian(record, (uint)body.Length);
        BinaryPrimitives.WriteUInt32LittleEndian(record[4..], Crc32C.Compute(body));
    }

    /// <summary>Writes a record with a body of <paramref name="type"/> followed by <paramref name="payload"/>.</summary>
    public static int WriteOther(Span<byte> destination, byte type, ReadOnlySpan<byte> payload)
    {
        int bodyLength = 1 + payload.Length;
        Span<byte> body = destination.Slice(WalFormat.RecordHeaderSize, bodyLength);
        body[0] = type;
        payload.CopyTo(body[1..]);
        BinaryPrimitives.WriteUInt32LittleEndian(destination, (uint)bodyLength);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[4..], Crc32C.Compute(body));
        return WalFormat.RecordHeaderSize + bodyLength;
    }

    /// <summary>Decodes the body of a put record; returns null, or what is wrong with it.</summary>
    public string? TryReadPut(ReadOnlySpan<byte> body, out TKey key, out TValue value)
    {
        key = default!;
        value = default!;
        if (body[0] != WalFormat.PutRecord)
        {
            return $"unknown record type {body[0]}";
        }

        try
        {
            key = Keys.Read(body[1..], out int keyBytes);
            value = Values.Read(body[(1 + keyBytes)..], out int valueBytes);
            return 1 + keyBytes + valueBytes == body.Length ? null : "record length does not match its contents";
        }
        catch (Exception e) when (e is FormatException or ArgumentException or IndexOutOfRangeException)
        {
            return $"undecodable record ({e.Message})";
        }
    }

    private static void ThrowTooBig(long body) => throw new ArgumentException(
        $"A record of {body:N0} bytes exceeds the WAL's limit of {WalFormat.MaxBodySize:N0} bytes.", "value");
}
