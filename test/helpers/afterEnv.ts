import nock from 'nock';

// Jest loads a fresh nock for every test file in the same process; each one patches node's
// shared http module. Un-patching after each file leaves the next file's nock in sole charge.
beforeAll(() => {
	if (!nock.isActive()) nock.activate();
	nock.disableNetConnect();
});
afterAll(() => {
	nock.cleanAll();
	nock.restore();
});
