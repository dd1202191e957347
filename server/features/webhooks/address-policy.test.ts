import { expect, test } from 'vitest';
import { checkEndpointUrl, isPublicAddress, RefusedAddressError } from './address-policy';

test('loopback, private, link-local and other special addresses are not public, in every spelling', () => {
  for (const address of [
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '192.0.2.10',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    // IPv4-compatible (deprecated ::/96), as a URL stores [::127.0.0.1], and the rest of ::/8.
    '::7f00:1',
    '::127.0.0.1',
    '::a00:1',
    '::8.8.8.8',
    '::1:7f00:1',
    '::ffff:0:7f00:1',
    // NAT64 embedding a private IPv4 address, in both well-known prefixes.
    '64:ff9b::a00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::7f00:1',
    '64:ff9b:1:ffff::c0a8:1',
    // 6to4 and Teredo reach IPv4 by a tunnel: refused whatever they embed.
    '2002:a00:1::1',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001::7f00:1',
    'ff02::1',
    'not an address',
    '',
  ])
    expect(isPublicAddress(address), address).toBe(false);
});

test('public unicast addresses are public, IPv4 and IPv6 (and IPv4 mapped into IPv6)', () => {
  for (const address of [
    '93.184.215.14',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:93.184.215.14',
    // NAT64 (DNS64 on an IPv6-only host) to a public IPv4 address.
    '64:ff9b::5db8:d70e',
    '64:ff9b:1::808:808',
  ])
    expect(isPublicAddress(address), address).toBe(true);
});

test('a URL is checked without asking DNS when its host is an address', async () => {
  const resolve = async () => {
    throw new Error('DNS must not be asked');
  };
  await expect(
    checkEndpointUrl('https://[::ffff:192.168.0.1]/x', { allowPrivate: false, resolve }),
  ).rejects.toThrow(RefusedAddressError);
  await expect(
    checkEndpointUrl('https://93.184.215.14/x', { allowPrivate: false, resolve }),
  ).resolves.toBeInstanceOf(URL);
});

test('the operator setting allows private addresses and plain http, but still only web URLs', async () => {
  const resolve = async () => [];
  await expect(
    checkEndpointUrl('http://127.0.0.1:8080/x', { allowPrivate: true, resolve }),
  ).resolves.toBeInstanceOf(URL);
  await expect(checkEndpointUrl('file:///etc/passwd', { allowPrivate: true, resolve })).rejects.toThrow(
    'must start with https://',
  );
});
