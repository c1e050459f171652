// Forms, the login page template, event streams and rate limit policies of an identity tenant.
package tenant
